import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { slugParam } from '@pastebox/contract/schemas/common';
import {
  openFileRequestBody,
  publicFileRequest,
  REQUEST_TOKEN_HEADER,
  requestReceipt,
  requestTextBody,
  requestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import type { AppEnv } from '@/context';
import { originOf } from '@/lib/audit/record';
import { BODY_LIMIT_EXTENSION } from '@/lib/body-limit';
import { answering, routeGroup } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { linkBaseOf } from '@/lib/link-base';
import { createRouter, okResponse } from '@/lib/openapi';
import { clientIpOf } from '@/lib/principal';
import { nodeRequestOf } from '@/modules/uploads/service';
import { openRequest, senderOf, showRequest } from '../public';
import { receiveRequestFile } from '../receive-form';
import { receiveRequestText } from '../receive-text';
import { REQUESTS_TAG } from './management';

/** No credentials: a stranger. The upload calls carry the token of /open in a header. */
const route = routeGroup({ tags: [REQUESTS_TAG], security: [] });

const tokenNote = `Send the token of /open as the ${REQUEST_TOKEN_HEADER} header (401 REQUEST_TOKEN_INVALID otherwise).`;

/**
 * The sender of an upload call on /public/requests/{slug}/…: the request and who opened
 * it, by the token header (the slug already checked by the route's parameter schema).
 */
export function senderOfCall(c: Context<AppEnv>) {
  return senderOf(c.get('deps'), c.req.param('slug') ?? '', c.req.header(REQUEST_TOKEN_HEADER));
}

const requestForm = {
  type: 'object',
  required: ['size', 'file'] as string[],
  properties: {
    size: { type: 'integer', description: 'The file size in bytes; BEFORE the file part' },
    mimetype: { type: 'string', description: "The file's type; the part's own when empty" },
    file: { type: 'string', format: 'binary' },
  },
} as const;

/** /api/public/requests/{slug}: what a stranger sees, opens and sends (issue 33). */
export const publicRequestRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'get',
        path: '/public/requests/{slug}',
        summary: 'A file request as a stranger sees it (counts nothing)',
        description: 'state: open, closed, expired (expiry or view limit) or full.',
        params: slugParam,
        answer: publicFileRequest,
      }),
      (c) => showRequest(c.get('deps'), c.req.valid('param').slug),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/public/requests/{slug}/open',
        summary: 'Open a file request page: counts one view, answers an upload token',
        description:
          'With the password and the name/email the request asks for. Rate limited per ' +
          'address (429). 410 REQUEST_CLOSED, SHARE_EXPIRED or VIEW_LIMIT_REACHED.',
        params: slugParam,
        body: openFileRequestBody,
        answer: requestUploadToken,
      }),
      (c) =>
        openRequest(c.get('deps'), c.req.valid('param').slug, c.req.valid('json'), clientIpOf(c)),
    ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/public/requests/{slug}/upload',
      tags: [REQUESTS_TAG],
      summary: 'Send one file to a file request (multipart form, streamed)',
      description:
        `${tokenNote} Give \`size\` (and \`mimetype\`) before the \`file\` part: the type ` +
        '(415 REQUEST_TYPE_REFUSED) and size (413 REQUEST_FILE_TOO_LARGE) are checked and the ' +
        'size reserved (409 REQUEST_LIMIT_REACHED) before a byte is stored.',
      security: [],
      [BODY_LIMIT_EXTENSION]: 'streamed',
      request: {
        params: slugParam,
        body: { required: true, content: { 'multipart/form-data': { schema: requestForm } } },
      },
      responses: okResponse(requestReceipt, 'Created', 201),
    }),
    async (c) => {
      const incoming = nodeRequestOf(c);
      const sender = await senderOfCall(c).catch((error: unknown) => {
        // Refused before reading: the rest of the body is drained so the answer arrives.
        incoming.resume();
        throw error;
      });
      const deps = c.get('deps');
      const receipt = await receiveRequestFile(deps, sender, incoming, linkBaseOf(c), originOf(c));
      return ok(c, receipt, 201, 'Created');
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/public/requests/{slug}/text',
      summary: 'Send the text a text request asks for',
      description: `${tokenNote} Stored as a paste only the request's owner reads.`,
      params: slugParam,
      body: requestTextBody,
      answer: requestReceipt,
      status: 201,
      answerDescription: 'Created',
    }),
    async (c) => {
      const sender = await senderOfCall(c);
      const receipt = await receiveRequestText(
        c.get('deps'),
        sender,
        c.req.valid('json'),
        originOf(c),
        linkBaseOf(c),
      );
      return ok(c, receipt, 201, 'Created');
    },
  );
