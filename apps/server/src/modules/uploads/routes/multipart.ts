import { createRoute } from '@hono/zod-openapi';
import { fileShare } from '@pastebox/contract/schemas/file';
import {
  abortResult,
  fileIdParam,
  multipartAbortBody,
  multipartCompleteBody,
  multipartInitBody,
  multipartSession,
  partUrlBody,
  partUrlResult,
} from '@pastebox/contract/schemas/upload';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, keySecurity, okResponse } from '@/lib/openapi';
import { publicBaseUrl } from '@/lib/public-url';
import { requirePermission } from '@/lib/guards';
import { completeMultipart, initMultipart, partUrls, storedParts } from '../multipart';
import { abortMultipart } from '../multipart-session';

const tags = ['Uploads'];

/**
 * Multipart uploads of file shares (DESIGN §6): init → PUT each part to its URL (read the
 * ETag header) → complete; abort cancels. Not in SPEC §7, which names only the mount-fs
 * multipart calls; these follow the same shape with file_id and upload_id.
 */
export const multipartRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/upload/multipart/init',
      tags,
      summary: 'Start a multipart upload (5 MiB parts) with the share options',
      security: keySecurity,
      request: jsonBody(multipartInitBody),
      responses: okResponse(multipartSession),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      return ok(c, await initMultipart(c.get('deps'), principal, c.req.valid('json')));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/upload/multipart/part-url',
      tags,
      summary: 'URLs to PUT parts to (presigned for S3, signed to this server for local)',
      security: keySecurity,
      request: jsonBody(partUrlBody),
      responses: okResponse(partUrlResult),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await partUrls(c.get('deps'), principal, c.req.valid('json'), linkBase));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/upload/multipart/{file_id}/parts',
      tags,
      summary: 'The parts stored so far, to resume an interrupted upload',
      security: keySecurity,
      request: { params: fileIdParam },
      responses: okResponse(multipartSession),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      return ok(c, await storedParts(c.get('deps'), principal, c.req.valid('param').file_id));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/upload/multipart/complete',
      tags,
      summary: 'Complete: every part 1..N must be stored with the given ETag',
      description:
        'UPLOAD_INCOMPLETE keeps the session (upload what is missing, or abort); the share ' +
        'becomes ready on success.',
      security: keySecurity,
      request: jsonBody(multipartCompleteBody),
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(
        c,
        await completeMultipart(c.get('deps'), principal, c.req.valid('json'), linkBase),
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/upload/multipart/abort',
      tags,
      summary: 'Cancel a multipart upload; its parts and its record are deleted',
      security: keySecurity,
      request: jsonBody(multipartAbortBody),
      responses: okResponse(abortResult),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const { file_id: fileId, upload_id: uploadId } = c.req.valid('json');
      return ok(c, await abortMultipart(c.get('deps'), principal, fileId, uploadId));
    },
  );
