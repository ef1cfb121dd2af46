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
import { answering, routeGroup } from '@/lib/declare-route';
import { jsonBodyCall } from '@/lib/route-calls';
import { createRouter, keySecurity } from '@/lib/openapi';
import { requirePermission } from '@/lib/guards';
import { completeMultipart, initMultipart, partUrls, storedParts } from '../multipart';
import { abortMultipart } from '../multipart-session';

const route = routeGroup({ tags: ['Uploads'], security: keySecurity });

/**
 * Multipart uploads of file shares (DESIGN §6): init → PUT each part to its URL (read the
 * ETag header) → complete; abort cancels. Not in SPEC §7, which names only the mount-fs
 * multipart calls; these follow the same shape with file_id and upload_id.
 */
export const multipartRoutes = createRouter()
  .openapi(
    route({
      method: 'post',
      path: '/upload/multipart/init',
      summary: 'Start a multipart upload (5 MiB parts) with the share options',
      body: multipartInitBody,
      answer: multipartSession,
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      return ok(c, await initMultipart(c.get('deps'), principal, c.req.valid('json')));
    },
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/upload/multipart/part-url',
        summary: 'URLs to PUT parts to (presigned for S3, signed to this server for local)',
        body: partUrlBody,
        answer: partUrlResult,
      }),
      jsonBodyCall('file', partUrls),
    ),
  )
  .openapi(
    route({
      method: 'get',
      path: '/upload/multipart/{file_id}/parts',
      summary: 'The parts stored so far, to resume an interrupted upload',
      params: fileIdParam,
      answer: multipartSession,
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      return ok(c, await storedParts(c.get('deps'), principal, c.req.valid('param').file_id));
    },
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/upload/multipart/complete',
        summary: 'Complete: every part 1..N must be stored with the given ETag',
        description:
          'UPLOAD_INCOMPLETE keeps the session (upload what is missing, or abort); the share ' +
          'becomes ready on success.',
        body: multipartCompleteBody,
        answer: fileShare,
      }),
      jsonBodyCall('file', completeMultipart),
    ),
  )
  .openapi(
    route({
      method: 'post',
      path: '/upload/multipart/abort',
      summary: 'Cancel a multipart upload; its parts and its record are deleted',
      body: multipartAbortBody,
      answer: abortResult,
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const { file_id: fileId, upload_id: uploadId } = c.req.valid('json');
      return ok(c, await abortMultipart(c.get('deps'), principal, fileId, uploadId));
    },
  );
