import { createRoute } from '@hono/zod-openapi';
import { batchDeleteBody, deletedCount, idParam } from '@pastebox/contract/schemas/common';
import {
  batchDeleteResult,
  fileList,
  fileListQuery,
  fileShare,
  updateFileBody,
} from '@pastebox/contract/schemas/file';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, okResponse, type SecurityRequirements } from '@/lib/openapi';
import { deleteFile, deleteFiles, getFile, listFiles, updateFile } from '../management';
import { keyOwnerScope, linkBaseOf } from './guards';

const apiKeySecurity: SecurityRequirements = [{ ApiKey: [] }];

/** A key user's own file shares (SPEC §7 user/files). */
export const userFileRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/files',
      tags: ['Files'],
      summary: "List the calling key's file shares, newest first (limit, offset, search)",
      security: apiKeySecurity,
      request: { query: fileListQuery },
      responses: okResponse(fileList),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      return ok(c, await listFiles(c.var.deps, scope, c.req.valid('query'), linkBaseOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/files/batch-delete',
      tags: ['Files'],
      summary: 'Delete several file shares and their objects',
      security: apiKeySecurity,
      request: jsonBody(batchDeleteBody),
      responses: okResponse(batchDeleteResult),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      return ok(c, await deleteFiles(c.var.deps, scope, c.req.valid('json').ids));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/files/{id}',
      tags: ['Files'],
      summary: 'One file share, with visit links (no view counted)',
      security: apiKeySecurity,
      request: { params: idParam },
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      return ok(c, await getFile(c.var.deps, scope, c.req.valid('param').id, linkBaseOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/user/files/{id}',
      tags: ['Files'],
      summary: 'Change slug, remark, password, expiry or view limit',
      security: apiKeySecurity,
      request: { params: idParam, ...jsonBody(updateFileBody) },
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return ok(c, await updateFile(c.var.deps, scope, id, body, linkBaseOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/user/files/{id}',
      tags: ['Files'],
      summary: 'Delete a file share and its object',
      security: apiKeySecurity,
      request: { params: idParam },
      responses: okResponse(deletedCount),
    }),
    async (c) => {
      const scope = keyOwnerScope(c);
      return ok(c, { deleted: await deleteFile(c.var.deps, scope, c.req.valid('param').id) });
    },
  );
