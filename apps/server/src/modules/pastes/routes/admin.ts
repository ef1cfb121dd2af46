import { createRoute } from '@hono/zod-openapi';
import {
  batchDeleteBody,
  deletedCount,
  idParam,
  pageQuery,
} from '@pastebox/contract/schemas/common';
import {
  clearExpiredBody,
  pasteDetail,
  pasteList,
  updatePasteBody,
} from '@pastebox/contract/schemas/paste';
import { ok } from '@/lib/envelope';
import { adminSecurity, createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { deletePaste, deletePastes, getPaste, listPastes, updatePaste } from '../management';
import { sweepExpiredPastes } from '../service';
import { adminScope, guardFirst, pasteBodyAllowance, pasteBodyLimit } from './guards';

/** The admin's text management: every share (SPEC §7 admin/pastes). */
export const adminPasteRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/pastes',
      tags: ['Pastes'],
      summary: 'List every share, newest first (page and limit)',
      security: adminSecurity,
      request: { query: pageQuery },
      responses: okResponse(pasteList),
    }),
    async (c) => {
      const scope = adminScope(c);
      const { page, limit, search } = c.req.valid('query');
      const offset = (page - 1) * limit;
      return ok(c, await listPastes(c.var.deps, scope, { limit, offset, search }));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/pastes/batch-delete',
      tags: ['Pastes'],
      summary: 'Delete several shares',
      security: adminSecurity,
      request: jsonBody(batchDeleteBody),
      responses: okResponse(deletedCount),
    }),
    async (c) => {
      const scope = adminScope(c);
      const deleted = await deletePastes(c.var.deps, scope, c.req.valid('json').ids);
      return ok(c, { deleted });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/pastes/clear-expired',
      tags: ['Pastes'],
      summary: 'Delete every share that expired or ran out of views',
      security: adminSecurity,
      request: {
        body: { required: false, content: { 'application/json': { schema: clearExpiredBody } } },
      },
      responses: okResponse(deletedCount),
    }),
    async (c) => {
      adminScope(c);
      return ok(c, { deleted: await sweepExpiredPastes(c.var.deps) });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/pastes/{id}',
      tags: ['Pastes'],
      summary: 'One share with its content (no view counted)',
      security: adminSecurity,
      request: { params: idParam },
      responses: okResponse(pasteDetail),
    }),
    async (c) => {
      const scope = adminScope(c);
      return ok(c, await getPaste(c.var.deps, scope, c.req.valid('param').id));
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/admin/pastes/{id}',
      tags: ['Pastes'],
      summary: 'Change a share',
      security: adminSecurity,
      ...pasteBodyAllowance,
      middleware: [guardFirst(adminScope), pasteBodyLimit] as const,
      request: { params: idParam, ...jsonBody(updatePasteBody) },
      responses: okResponse(pasteDetail),
    }),
    async (c) => {
      const scope = adminScope(c);
      const { id } = c.req.valid('param');
      return ok(c, await updatePaste(c.var.deps, scope, id, c.req.valid('json')));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/pastes/{id}',
      tags: ['Pastes'],
      summary: 'Delete a share',
      security: adminSecurity,
      request: { params: idParam },
      responses: okResponse(deletedCount),
    }),
    async (c) => {
      const scope = adminScope(c);
      return ok(c, { deleted: await deletePaste(c.var.deps, scope, c.req.valid('param').id) });
    },
  );
