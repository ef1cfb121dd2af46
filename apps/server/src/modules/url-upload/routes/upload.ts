import { fileShare } from '@pastebox/contract/schemas/file';
import {
  commitBody,
  multipartAbortBody,
  multipartCompleteBody,
  presignResult,
  abortResult,
} from '@pastebox/contract/schemas/upload';
import {
  urlCancelBody,
  urlCancelResult,
  urlMultipartInitBody,
  urlMultipartSession,
  urlPresignBody,
} from '@pastebox/contract/schemas/url-upload';
import { ok } from '@/lib/envelope';
import { answering, routeGroup } from '@/lib/declare-route';
import { createRouter, keySecurity } from '@/lib/openapi';
import { jsonBodyCall } from '@/lib/route-calls';
import { requirePermission } from '@/lib/guards';
import {
  abortUrlMultipart,
  cancelUrlUpload,
  commitUrlUpload,
  completeUrlMultipart,
  initUrlMultipart,
  presignUrlUpload,
} from '../uploads';

const route = routeGroup({ tags: ['URL upload'], security: keySecurity });

/**
 * Storing a downloaded remote file (SPEC §7 "URL upload"): the presigned path
 * (url/presign → PUT → url/commit) and the multipart path (url/multipart/init → PUT parts
 * → url/multipart/complete), with the abort and cancel helpers of SPEC §8.
 */
export const urlStoreRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/url/presign',
        summary: 'Reserve a file share for a remote file and get a URL to PUT it to',
        description:
          'As s3/presign; name, type and size come from the body, else from the URL itself.',
        body: urlPresignBody,
        answer: presignResult,
      }),
      jsonBodyCall('file', presignUrlUpload),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/url/commit',
        summary: 'Finish a URL upload: the object must exist with the announced size',
        description: 'As s3/commit: on any failure the object and the record are deleted.',
        body: commitBody,
        answer: fileShare,
      }),
      jsonBodyCall('file', commitUrlUpload),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/url/multipart/init',
        summary: 'Start a multipart upload of a remote file, with URLs for its first parts',
        body: urlMultipartInitBody,
        answer: urlMultipartSession,
      }),
      jsonBodyCall('file', initUrlMultipart),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/url/multipart/complete',
        summary: 'Complete a multipart URL upload (parts with their ETags)',
        body: multipartCompleteBody,
        answer: fileShare,
      }),
      jsonBodyCall('file', completeUrlMultipart),
    ),
  )
  .openapi(
    route({
      method: 'post',
      path: '/url/multipart/abort',
      summary: 'Abort a multipart URL upload and delete its record',
      description: 'Nothing to abort answers 404 UPLOAD_NOT_FOUND (success false, a message).',
      body: multipartAbortBody,
      answer: abortResult,
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const { file_id, upload_id } = c.req.valid('json');
      return ok(c, await abortUrlMultipart(c.get('deps'), principal, file_id, upload_id));
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/url/cancel',
      summary: 'Cancel a URL upload in flight: its pending record and any stored object go',
      description: 'Nothing to cancel answers 404 UPLOAD_NOT_FOUND (success false, a message).',
      body: urlCancelBody,
      answer: urlCancelResult,
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      return ok(c, await cancelUrlUpload(c.get('deps'), principal, c.req.valid('json').file_id));
    },
  );
