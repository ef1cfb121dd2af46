import {
  batchDeleteBody,
  deletedCount,
  idParam,
  offsetQuery,
  pageQuery,
} from '@pastebox/contract/schemas/common';
import {
  clearExpiredBody,
  pasteDetail,
  pasteList,
  updatePasteBody,
} from '@pastebox/contract/schemas/paste';
import { answering } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { createRouter } from '@/lib/openapi';
import { listRequestOf } from '@/lib/pagination';
import {
  familyRouteOf,
  guardFirst,
  ownerScopes,
  scopedRoutes,
  type ScopeFamily,
} from '@/lib/scoped-routes';
import { deletePaste, deletePastes, getPaste, listPastes, updatePaste } from '../management';
import type { PasteScope } from '../repo';
import { sweepExpiredPastes } from '../service';
import { pasteBodyAllowance, pasteBodyLimit } from './guards';

/** SPEC §7 pages the admin's list (page and limit) and offsets a key's (limit and offset). */
const listQuery = { admin: pageQuery, key: offsetQuery } as const;

/** The routes of one family: admin/pastes (every share) or user/pastes (the key's own). */
function pasteManagementRoutes(family: ScopeFamily<PasteScope>) {
  const route = familyRouteOf(family, 'Pastes');
  const router = createRouter()
    .openapi(
      route({
        method: 'get',
        path: '',
        summary: {
          admin: 'List every share, newest first (page and limit)',
          key: "List the calling key's shares, newest first (limit and offset)",
        },
        query: listQuery[family.kind],
        answer: pasteList,
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const request = listRequestOf(c.req.valid('query'));
        return ok(c, await listPastes(c.get('deps'), scope, request));
      },
    )
    .openapi(
      route({
        method: 'post',
        path: '/batch-delete',
        summary: {
          admin: 'Delete several shares',
          key: "Delete several of the calling key's shares",
        },
        body: batchDeleteBody,
        answer: deletedCount,
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const deleted = await deletePastes(c.get('deps'), scope, c.req.valid('json').ids);
        return ok(c, { deleted });
      },
    );
  if (family.kind === 'admin') {
    // Sweeping touches every creator's shares: the admin's alone (SPEC §7).
    router.openapi(
      route({
        method: 'post',
        path: '/clear-expired',
        summary: 'Delete every share that expired or ran out of views',
        request: {
          body: { required: false, content: { 'application/json': { schema: clearExpiredBody } } },
        },
        answer: deletedCount,
      }),
      async (c) => {
        family.scopeOf(c);
        return ok(c, { deleted: await sweepExpiredPastes(c.get('deps')) });
      },
    );
  }
  return router
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}',
          summary: {
            admin: 'One share with its content (no view counted)',
            key: "One of the calling key's shares with its content (no view counted)",
          },
          params: idParam,
          answer: pasteDetail,
        }),
        (c) => getPaste(c.get('deps'), family.scopeOf(c), c.req.valid('param').id),
      ),
    )
    .openapi(
      route({
        method: 'put',
        path: '/{id}',
        summary: { admin: 'Change a share', key: "Change one of the calling key's shares" },
        ...pasteBodyAllowance,
        middleware: [guardFirst(family.scopeOf), pasteBodyLimit] as const,
        params: idParam,
        body: updatePasteBody,
        answer: pasteDetail,
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const { id } = c.req.valid('param');
        return ok(c, await updatePaste(c.get('deps'), scope, id, c.req.valid('json')));
      },
    )
    .openapi(
      route({
        method: 'delete',
        path: '/{id}',
        summary: { admin: 'Delete a share', key: "Delete one of the calling key's shares" },
        params: idParam,
        answer: deletedCount,
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, { deleted: await deletePaste(c.get('deps'), scope, c.req.valid('param').id) });
      },
    );
}

/** admin/pastes and user/pastes: one definition, built for each family (SPEC §7). */
export const pasteManagement = scopedRoutes<PasteScope>(
  { resource: 'pastes', permission: 'text', ...ownerScopes },
  pasteManagementRoutes,
);
