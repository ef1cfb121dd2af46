import { createRoute } from '@hono/zod-openapi';
import {
  batchDeleteBody,
  deletedCount,
  idParam,
  offsetQuery,
} from '@pastebox/contract/schemas/common';
import { pasteDetail, pasteList, updatePasteBody } from '@pastebox/contract/schemas/paste';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { deletePaste, deletePastes, getPaste, listPastes, updatePaste } from '../management';
import { guardFirst, keyOwnerScope, pasteBodyAllowance, pasteBodyLimit } from './guards';

const apiKeySecurity = [{ ApiKey: [] }];

/** A key user's own shares (SPEC §7 user/pastes, limit and offset). */
export const userPasteRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/pastes',
      tags: ['Pastes'],
      summary: "List the calling key's shares, newest first (limit and offset)",
      security: apiKeySecurity,
      request: { query: offsetQuery },
      responses: okResponse(pasteList),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      return ok(c, await listPastes(c.var.deps, scope, c.req.valid('query')));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/pastes/batch-delete',
      tags: ['Pastes'],
      summary: "Delete several of the calling key's shares",
      security: apiKeySecurity,
      request: jsonBody(batchDeleteBody),
      responses: okResponse(deletedCount),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      const deleted = await deletePastes(c.var.deps, scope, c.req.valid('json').ids);
      return ok(c, { deleted });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/pastes/{id}',
      tags: ['Pastes'],
      summary: "One of the calling key's shares with its content (no view counted)",
      security: apiKeySecurity,
      request: { params: idParam },
      responses: okResponse(pasteDetail),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      return ok(c, await getPaste(c.var.deps, scope, c.req.valid('param').id));
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/user/pastes/{id}',
      tags: ['Pastes'],
      summary: "Change one of the calling key's shares",
      security: apiKeySecurity,
      ...pasteBodyAllowance,
      middleware: [guardFirst(keyOwnerScope), pasteBodyLimit] as const,
      request: { params: idParam, ...jsonBody(updatePasteBody) },
      responses: okResponse(pasteDetail),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      const { id } = c.req.valid('param');
      return ok(c, await updatePaste(c.var.deps, scope, id, c.req.valid('json')));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/user/pastes/{id}',
      tags: ['Pastes'],
      summary: "Delete one of the calling key's shares",
      security: apiKeySecurity,
      request: { params: idParam },
      responses: okResponse(deletedCount),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      return ok(c, { deleted: await deletePaste(c.var.deps, scope, c.req.valid('param').id) });
    },
  );
