import { createRoute } from '@hono/zod-openapi';
import { errorEnvelope } from '@pastebox/contract/schemas/common';
import { shortLinkBody, shortLinkParam, shortLinkResult } from '@pastebox/contract/schemas/fs';
import { LIMITS } from '@pastebox/contract/limits';
import { z } from 'zod';
import { creatorOf } from '@/context';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { publicBaseUrl } from '@/lib/public-url';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { answerOrRefusalPage } from '@/shares/browser-refusal';
import type { Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { callerFileSystem } from '../caller-fs';
import { fsRouteOf } from '../route';
import { createShortLink, resolveShortLink } from '../short-links/service';

/** POST short-link of one family. */
function fsShortLinkFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter().openapi(
    route({
      method: 'post',
      path: '/short-link',
      summary: 'A file link, as GET file-link signs it, with a short link that redirects to it',
      description:
        'Takes what file-link takes (expires_in up to 7 days, force_download) and answers the ' +
        'signed url with short_url, /api/s/{code}: a 12-character code that redirects to url ' +
        'until it expires, for a QR code a phone reads at a glance. The caller must be able ' +
        'to get the link (a key only at or under its basic_path). At most ' +
        `${RATE_LIMITS.shortLink.limit} per caller per hour (429 RATE_LIMITED with Retry-After).`,
      request: jsonBody(shortLinkBody),
      responses: okResponse(shortLinkResult),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const deps = c.get('deps');
      const result = await createShortLink(deps, callerFileSystem(c, family), {
        path: body.path,
        expiresInSeconds: body.expires_in ?? LIMITS.defaultFileLinkSeconds,
        forceDownload: body.force_download ?? false,
        createdBy: creatorOf(c.get('principal')),
        baseUrl: publicBaseUrl(deps.config, c.req.raw),
      });
      return ok(c, result);
    },
  );
}

/** GET /api/s/{code}: where a short link leads, for anyone who has it. */
const resolveRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/s/{code}',
    tags: ['File system'],
    summary: 'A short link: redirects to the signed file link it stands for',
    description:
      '302 to the absolute signed URL. 404 SHORT_LINK_NOT_FOUND for a code never issued or ' +
      'swept, 403 SIGNED_URL_EXPIRED once the link has expired; a browser (Accept: ' +
      'text/html) gets those as a short page in its language instead of the envelope.',
    request: { params: shortLinkParam },
    responses: {
      302: { description: 'Location: the signed file link' },
      default: {
        description: 'Error envelope with a stable error key; a browser gets a page',
        content: {
          'application/json': { schema: errorEnvelope },
          'text/html': { schema: z.string() },
        },
      },
    },
  }),
  (c) =>
    answerOrRefusalPage(
      c,
      async () => {
        const target = await resolveShortLink(c.get('deps'), c.req.valid('param').code);
        // The code is the secret: no Referer leaves with it, and no cache outlives the link.
        return new Response(null, {
          status: 302,
          headers: {
            Location: target,
            'Cache-Control': 'no-store',
            'Referrer-Policy': 'no-referrer',
          },
        });
      },
      null,
    ),
);

export const fsShortLinkRoutes = createRouter()
  .route('/', scopedRoutes(fsAccess, fsShortLinkFamily))
  .route('/', resolveRoutes);
