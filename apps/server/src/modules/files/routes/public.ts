import { createRoute } from '@hono/zod-openapi';
import { slugParam } from '@pastebox/contract/schemas/common';
import { publicFile, verifyFileBody } from '@pastebox/contract/schemas/file';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, keySecurity, okResponse } from '@/lib/openapi';
import { readerOf } from '@/shares/reader';
import { openFileShare, verifyFileShare } from '../opening';
import { linkBaseOf } from '@/lib/link-base';

/** Credentials are optional: the owner opens without spending a view. */
const optionalAuth = [{}, ...keySecurity];

/** The public link of a file share (SPEC §7 public/files). */
export const publicFileRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/public/files/{slug}',
      tags: ['Files'],
      summary: 'Open a file share: counts one view and answers the visit links',
      description:
        'A protected share answers its metadata with requires_password and no links; ' +
        'open it with POST …/verify. Expired or exhausted shares answer 410.',
      security: optionalAuth,
      request: { params: slugParam },
      responses: okResponse(publicFile),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      return ok(c, await openFileShare(c.get('deps'), slug, readerOf(c), linkBaseOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/public/files/{slug}/verify',
      tags: ['Files'],
      summary: 'Open a protected file share with its password (counts one view)',
      security: optionalAuth,
      request: { params: slugParam, ...jsonBody(verifyFileBody) },
      responses: okResponse(publicFile),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const { password } = c.req.valid('json');
      const reader = readerOf(c);
      return ok(c, await verifyFileShare(c.get('deps'), slug, password, reader, linkBaseOf(c)));
    },
  );
