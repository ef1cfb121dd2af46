import { createRoute } from '@hono/zod-openapi';
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
import { createRouter, jsonBody, keySecurity, okResponse } from '@/lib/openapi';
import { publicBaseUrl } from '@/lib/public-url';
import { requirePermission } from '@/lib/guards';
import {
  abortUrlMultipart,
  cancelUrlUpload,
  commitUrlUpload,
  completeUrlMultipart,
  initUrlMultipart,
  presignUrlUpload,
} from '../uploads';

const tags = ['URL upload'];

/**
 * Storing a downloaded remote file (SPEC §7 "URL upload"): the presigned path
 * (url/presign → PUT → url/commit) and the multipart path (url/multipart/init → PUT parts
 * → url/multipart/complete), with the abort and cancel helpers of SPEC §8.
 */
export const urlStoreRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/url/presign',
      tags,
      summary: 'Reserve a file share for a remote file and get a URL to PUT it to',
      description:
        'As s3/presign; name, type and size come from the body, else from the URL itself.',
      security: keySecurity,
      request: jsonBody(urlPresignBody),
      responses: okResponse(presignResult),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await presignUrlUpload(c.get('deps'), principal, c.req.valid('json'), linkBase));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/url/commit',
      tags,
      summary: 'Finish a URL upload: the object must exist with the announced size',
      description: 'As s3/commit: on any failure the object and the record are deleted.',
      security: keySecurity,
      request: jsonBody(commitBody),
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await commitUrlUpload(c.get('deps'), principal, c.req.valid('json'), linkBase));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/url/multipart/init',
      tags,
      summary: 'Start a multipart upload of a remote file, with URLs for its first parts',
      security: keySecurity,
      request: jsonBody(urlMultipartInitBody),
      responses: okResponse(urlMultipartSession),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await initUrlMultipart(c.get('deps'), principal, c.req.valid('json'), linkBase));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/url/multipart/complete',
      tags,
      summary: 'Complete a multipart URL upload (parts with their ETags)',
      security: keySecurity,
      request: jsonBody(multipartCompleteBody),
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      const body = c.req.valid('json');
      return ok(c, await completeUrlMultipart(c.get('deps'), principal, body, linkBase));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/url/multipart/abort',
      tags,
      summary: 'Abort a multipart URL upload and delete its record',
      description: 'Nothing to abort answers 404 UPLOAD_NOT_FOUND (success false, a message).',
      security: keySecurity,
      request: jsonBody(multipartAbortBody),
      responses: okResponse(abortResult),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const { file_id, upload_id } = c.req.valid('json');
      return ok(c, await abortUrlMultipart(c.get('deps'), principal, file_id, upload_id));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/url/cancel',
      tags,
      summary: 'Cancel a URL upload in flight: its pending record and any stored object go',
      description: 'Nothing to cancel answers 404 UPLOAD_NOT_FOUND (success false, a message).',
      security: keySecurity,
      request: jsonBody(urlCancelBody),
      responses: okResponse(urlCancelResult),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      return ok(c, await cancelUrlUpload(c.get('deps'), principal, c.req.valid('json').file_id));
    },
  );
