import {
  davLockList,
  davLockReleaseQuery,
  davLockReleaseResult,
  davLockTokenParam,
} from '@pastebox/contract/schemas/dav-lock';
import { z } from 'zod';
import { ok } from '@/lib/envelope';
import { requireAdmin } from '@/lib/guards';
import { routeGroup } from '@/lib/declare-route';
import { adminSecurity, createRouter } from '@/lib/openapi';
import { listDavLocks, releaseDavLock, releaseDavLocksAt } from './service';

const route = routeGroup({ tags: ['WebDAV locks'], security: adminSecurity });

/** Admin-only view and release of WebDAV locks (issue 29, DESIGN §5 "Storage trust"). */
export const davLockAdminRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/admin/dav/locks',
      summary: 'List every active WebDAV lock, with who holds it',
      answer: davLockList,
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await listDavLocks(c.get('deps')));
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/admin/dav/locks/{token}',
      summary: 'Release one WebDAV lock, whoever holds it',
      description: 'The client that held it gets 412 on its next write with the token.',
      params: davLockTokenParam,
      answer: z.null(),
    }),
    async (c) => {
      requireAdmin(c);
      await releaseDavLock(c.get('deps'), c.req.valid('param').token);
      return ok(c, null, 200, 'Released');
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/admin/dav/locks',
      summary: 'Release the WebDAV locks rooted at a path or below it',
      query: davLockReleaseQuery,
      answer: davLockReleaseResult,
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await releaseDavLocksAt(c.get('deps'), c.req.valid('query').path));
    },
  );
