import { fsListing, fsStat, pathQuery } from '@pastebox/contract/schemas/fs';
import { ok } from '@/lib/envelope';
import { createRouter, okResponse } from '@/lib/openapi';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import type { Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { callerFileSystem } from '../caller-fs';
import { presentListing, presentStat } from '../presenter';
import { fsRouteOf } from '../route';

/** GET list and GET get of one family. */
function fsBrowseFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter()
    .openapi(
      route({
        method: 'get',
        path: '/list',
        summary: {
          admin: 'A folder: `/` lists the mounts; folders first, then names',
          key: 'A folder at or under the key’s base path (above it, only the way down)',
        },
        description:
          'Mount points appear as folders in their parent; a folder above mounts is virtual ' +
          '(isVirtual). Listings may come from the mount’s cache for cache_ttl seconds; every ' +
          'change through the API or WebDAV shows at once.',
        request: { query: pathQuery },
        responses: okResponse(fsListing),
      }),
      async (c) => {
        const fs = callerFileSystem(c, family);
        return ok(c, presentListing(await fs.list(c.req.valid('query').path)));
      },
    )
    .openapi(
      route({
        method: 'get',
        path: '/get',
        summary: 'One file or folder, with the mount it lies in',
        request: { query: pathQuery },
        responses: okResponse(fsStat),
      }),
      async (c) => {
        const fs = callerFileSystem(c, family);
        const { path } = c.req.valid('query');
        const [entry, mount] = await Promise.all([fs.stat(path), fs.mountAt(path)]);
        return ok(c, presentStat(entry, mount));
      },
    );
}

export const fsBrowseRoutes = scopedRoutes(fsAccess, fsBrowseFamily);
