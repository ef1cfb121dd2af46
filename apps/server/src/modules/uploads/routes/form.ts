import { createRoute } from '@hono/zod-openapi';
import { fileShare } from '@pastebox/contract/schemas/file';
import { formUploadSchema } from '@pastebox/contract/schemas/upload';
import { BODY_LIMIT_EXTENSION } from '@/lib/body-limit';
import { ok } from '@/lib/envelope';
import { createRouter, keySecurity, okResponse } from '@/lib/openapi';
import { publicBaseUrl } from '@/lib/public-url';
import { requirePermission } from '@/lib/guards';
import { receiveFormUpload } from '../form-upload';
import { nodeRequestOf } from '../node-request';

/** POST /api/upload: a multipart form streamed into storage (SPEC §7 Files). */
export const formUploadRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/upload',
    tags: ['Uploads'],
    summary: 'Upload a file through the server (multipart form, streamed)',
    description:
      'Send the text fields before the `file` part (s3_config_id, path, encrypted and ' +
      'encrypted_meta after it are refused). With encrypted=true the file must be a sealed ' +
      'blob (docs/encryption.md), checked as it streams (400 VALIDATION_FAILED). The max ' +
      'upload size is enforced while streaming (413 FILE_TOO_LARGE); a ' +
      "config's capacity is checked first against `size` or the Content-Length " +
      '(507 INSUFFICIENT_STORAGE). Admin, or an API key with file permission inside its ' +
      'basic_path.',
    security: keySecurity,
    // The file is streamed into storage, never buffered; the max upload size holds while it streams.
    [BODY_LIMIT_EXTENSION]: 'streamed',
    request: {
      body: { required: true, content: { 'multipart/form-data': { schema: formUploadSchema } } },
    },
    responses: okResponse(fileShare, 'Created', 201),
  }),
  async (c) => {
    const principal = requirePermission(c, 'file');
    const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
    const share = await receiveFormUpload(c.get('deps'), principal, nodeRequestOf(c), linkBase);
    return ok(c, share, 201, 'Created');
  },
);
