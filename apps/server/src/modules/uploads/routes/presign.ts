import { createRoute } from '@hono/zod-openapi';
import { fileShare } from '@pastebox/contract/schemas/file';
import { commitBody, presignBody, presignResult } from '@pastebox/contract/schemas/upload';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, keySecurity, okResponse } from '@/lib/openapi';
import { publicBaseUrl } from '@/lib/public-url';
import { requirePermission } from '@/lib/guards';
import { commitUpload, presignUpload } from '../presign';

/** Presigned single PUT: presign → PUT to upload_url → commit (SPEC §7 Files). */
export const presignRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/presign',
      tags: ['Uploads'],
      summary: 'Reserve a file share and get a URL to PUT the file to',
      description:
        'Checks the max upload size, the config capacity and the slug, and creates a pending ' +
        'record. For local storage the URL is a short-lived signed URL to this server.',
      security: keySecurity,
      request: jsonBody(presignBody),
      responses: okResponse(presignResult),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await presignUpload(c.get('deps'), principal, c.req.valid('json'), linkBase));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/commit',
      tags: ['Uploads'],
      summary: 'Finish a presigned upload: the object must exist with the announced size',
      description:
        'On success the share becomes ready with the given options (expires_in counts from ' +
        'now). On any failure the object and the record are deleted.',
      security: keySecurity,
      request: jsonBody(commitBody),
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const principal = requirePermission(c, 'file');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await commitUpload(c.get('deps'), principal, c.req.valid('json'), linkBase));
    },
  );
