import { z } from 'zod';
import { slugParam } from '@pastebox/contract/schemas/common';
import { requestMultipartInitBody, requestReceipt } from '@pastebox/contract/schemas/file-request';
import {
  abortResult,
  multipartAbortBody,
  multipartCompleteBody,
  multipartSession,
  partUrlBody,
  partUrlResult,
} from '@pastebox/contract/schemas/upload';
import { REQUEST_TOKEN_HEADER } from '@pastebox/contract/schemas/file-request';
import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { originOf } from '@/lib/audit/record';
import { answering, routeGroup } from '@/lib/declare-route';
import { linkBaseOf } from '@/lib/link-base';
import { createRouter } from '@/lib/openapi';
import { senderOf } from '../public';
import {
  abortRequestMultipart,
  completeRequestMultipart,
  initRequestMultipart,
  requestPartUrls,
  requestStoredParts,
} from '../receive-multipart';
import { REQUESTS_TAG } from './management';

const route = routeGroup({ tags: [REQUESTS_TAG], security: [] });

const slugOnly = slugParam;
const slugAndFile = z.object({
  slug: z.string().min(1).max(200),
  file_id: z.string().min(1).max(100),
});

function senderOfCall(c: Context<AppEnv>, slug: string) {
  return senderOf(c.get('deps'), slug, c.req.header(REQUEST_TOKEN_HEADER));
}

const base = '/public/requests/{slug}/multipart';
const note = `Resumable uploads into a storage target; send the ${REQUEST_TOKEN_HEADER} header.`;

/** A stranger's multipart session, the uploads module's own run as the request's owner. */
export const requestMultipartRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: `${base}/init`,
        summary: 'Start a resumable upload to a file request (type and size checked, reserved)',
        description: note,
        params: slugOnly,
        body: requestMultipartInitBody,
        answer: multipartSession,
      }),
      async (c) =>
        initRequestMultipart(
          c.get('deps'),
          await senderOfCall(c, c.req.valid('param').slug),
          c.req.valid('json'),
        ),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: `${base}/part-url`,
        summary: 'Signed URLs for parts of a file request upload',
        description: note,
        params: slugOnly,
        body: partUrlBody,
        answer: partUrlResult,
      }),
      async (c) =>
        requestPartUrls(
          c.get('deps'),
          await senderOfCall(c, c.req.valid('param').slug),
          c.req.valid('json'),
          linkBaseOf(c),
        ),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'get',
        path: `${base}/{file_id}/parts`,
        summary: 'The parts of a file request upload stored so far (to resume)',
        description: note,
        params: slugAndFile,
        answer: multipartSession,
      }),
      async (c) => {
        const { slug, file_id: fileId } = c.req.valid('param');
        return requestStoredParts(c.get('deps'), await senderOfCall(c, slug), fileId);
      },
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: `${base}/complete`,
        summary: 'Complete a file request upload: the owner receives the file',
        description: note,
        params: slugOnly,
        body: multipartCompleteBody,
        answer: requestReceipt,
      }),
      async (c) =>
        completeRequestMultipart(
          c.get('deps'),
          await senderOfCall(c, c.req.valid('param').slug),
          c.req.valid('json'),
          linkBaseOf(c),
          originOf(c),
        ),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: `${base}/abort`,
        summary: 'Cancel a file request upload; its reservation is given back',
        description: note,
        params: slugOnly,
        body: multipartAbortBody,
        answer: abortResult,
      }),
      async (c) => {
        const sender = await senderOfCall(c, c.req.valid('param').slug);
        const { file_id: fileId, upload_id: uploadId } = c.req.valid('json');
        return abortRequestMultipart(c.get('deps'), sender, fileId, uploadId);
      },
    ),
  );
