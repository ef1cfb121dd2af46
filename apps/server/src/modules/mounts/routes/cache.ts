import { cacheClearResult } from '@pastebox/contract/schemas/fs';
import { ok } from '@/lib/envelope';
import { createRouter, okResponse } from '@/lib/openapi';
import { familyRouteOf, scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { mountAccess } from '../access';
import { clearListingCaches, type MountScope } from '../service';

/** POST cache/clear of one family: the admin drops every mount's listings, a key its own. */
function cacheRoutes(family: ScopeFamily<MountScope>) {
  const route = familyRouteOf(family, 'Mounts');
  return createRouter().openapi(
    route({
      method: 'post',
      path: '/clear',
      summary: {
        admin: 'Drop the cached folder listings of every mount, on every instance',
        key: 'Drop the cached folder listings of the mounts the key can see',
      },
      description:
        'Listings are cached per mount for its cache_ttl; writes through the product show ' +
        'at once anyway. This is for changes made to the storage behind the product’s back.',
      responses: okResponse(cacheClearResult),
    }),
    async (c) => ok(c, await clearListingCaches(c.get('deps'), family.scopeOf(c))),
  );
}

/** admin/cache/clear and user/cache/clear (SPEC §7 "System"; DESIGN §7 "Listing cache"). */
export const cacheClearRoutes = scopedRoutes(mountAccess('cache'), cacheRoutes);
