import { createRoute } from '@hono/zod-openapi';
import {
  davLockList,
  davLockReleaseQuery,
  davLockReleaseResult,
  davLockTokenParam,
} from '@pastebox/contract/schemas/dav-lock';
import { z } from 'zod';
import { ok } from '@/lib/envelope';
import { requireAdmin } from '@/lib/guards';
import { adminSecurity, createRouter, okResponse } from '@/lib/openapi';
import { listDavLocks, releaseDavLock, releaseDavLocksAt } from './service';

const tags = ['WebDAV locks'];

/** Admin-only view and release of WebDAV locks (issue 29, DESIGN §5 "Storage trust"). */
export const davLockAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/dav/locks',
      tags,
      summary: 'List every active WebDAV lock, with who holds it',
      security: adminSecurity,
      responses: okResponse(davLockList),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await listDavLocks(c.get('deps')));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/dav/locks/{token}',
      tags,
      summary: 'Release one WebDAV lock, whoever holds it',
      description: 'The client that held it gets 412 on its next write with the token.',
      security: adminSecurity,
      request: { params: davLockTokenParam },
      responses: okResponse(z.null()),
    }),
    async (c) => {
      requireAdmin(c);
      await releaseDavLock(c.get('deps'), c.req.valid('param').token);
      return ok(c, null, 200, 'Released');
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/dav/locks',
      tags,
      summary: 'Release the WebDAV locks rooted at a path or below it',
      security: adminSecurity,
      request: { query: davLockReleaseQuery },
      responses: okResponse(davLockReleaseResult),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await releaseDavLocksAt(c.get('deps'), c.req.valid('query').path));
    },
  );
