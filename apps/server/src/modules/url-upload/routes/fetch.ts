import { z } from '@hono/zod-openapi';
import { urlInfo, urlInfoBody, urlProxyQuery } from '@pastebox/contract/schemas/url-upload';
import { errorEnvelope } from '@pastebox/contract/schemas/common';
import { contentDisposition } from '@/lib/content-disposition';
import { safeContentType } from '@/lib/content-type';
import { ok } from '@/lib/envelope';
import { isAppError } from '@/lib/errors';
import { routeGroup } from '@/lib/declare-route';
import { createRouter, keySecurity } from '@/lib/openapi';
import { requirePermission } from '@/lib/guards';
import { relayBody } from '../relay';
import { describeRemoteFile, openRemoteDownload } from '../remote-file';

const route = routeGroup({ tags: ['URL upload'], security: keySecurity });

/** url/info and url/proxy: what the browser needs before and while it downloads. */
export const urlFetchRoutes = createRouter()
  .openapi(
    route({
      method: 'post',
      path: '/url/info',
      summary: 'Name, type and size of a remote file (the body is not downloaded)',
      body: urlInfoBody,
      answer: urlInfo,
    }),
    async (c) => {
      requirePermission(c, 'file');
      return ok(c, await describeRemoteFile(c.get('deps'), c.req.valid('json').url));
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/url/proxy',
      summary: 'Stream a remote file through the server (for browsers stopped by CORS)',
      description:
        'The body is relayed as it arrives, never buffered; the relay is cut when it passes the max upload size.',
      query: urlProxyQuery,
      responses: {
        200: {
          description: 'The remote body',
          content: {
            'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) },
          },
        },
        default: {
          description: 'Error envelope with a stable error key',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      requirePermission(c, 'file');
      const download = await openRemoteDownload(c.get('deps'), c.req.valid('query').url);
      const headers = new Headers({
        // Relayed as a download; a remote script never becomes one of this origin.
        'content-type': safeContentType(download.mimetype, 'download'),
        'content-disposition': contentDisposition('attachment', download.filename),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // The remote body is untrusted: never let it run as a document of this origin.
        'content-security-policy': "sandbox; default-src 'none'",
      });
      if (download.size !== null) {
        headers.set('content-length', String(download.size));
      }
      const body = relayBody(c, download.body, (error) => {
        c.get('deps').logger.info(
          { url: download.finalUrl, reason: isAppError(error) ? error.key : error.message },
          'URL proxy stopped midway',
        );
      });
      return new Response(body, { status: 200, headers });
    },
  );
