import { LIMITS } from '@pastebox/contract/limits';
import { fileLinkQuery, fileLinkResult } from '@pastebox/contract/schemas/fs';
import { ok } from '@/lib/envelope';
import { createRouter, okResponse } from '@/lib/openapi';
import { absoluteUrl, publicBaseUrl } from '@/lib/public-url';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import type { Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { callerFileSystem } from '../caller-fs';
import { fsRouteOf } from '../route';

/** GET file-link of one family. */
function fsLinkFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter().openapi(
    route({
      method: 'get',
      path: '/file-link',
      summary: 'A link to a file that works without credentials until it expires',
      description:
        `expires_in seconds (default ${LIMITS.defaultFileLinkSeconds}, 7 days). S3 mounts ` +
        'answer a presigned URL, local mounts a signed URL to this server. force_download ' +
        'makes it an attachment; otherwise it opens inline where that is safe.',
      request: { query: fileLinkQuery },
      responses: okResponse(fileLinkResult),
    }),
    async (c) => {
      const fs = callerFileSystem(c, family);
      const query = c.req.valid('query');
      const expiresIn = query.expires_in ?? LIMITS.defaultFileLinkSeconds;
      const link = await fs.link(query.path, {
        expiresInSeconds: expiresIn,
        forceDownload: query.force_download ?? false,
      });
      return ok(c, {
        url: absoluteUrl(publicBaseUrl(c.get('deps').config, c.req.raw), link.url),
        expires_at: link.expiresAt.toISOString(),
        expires_in: expiresIn,
      });
    },
  );
}

export const fsLinkRoutes = scopedRoutes(fsAccess, fsLinkFamily);
