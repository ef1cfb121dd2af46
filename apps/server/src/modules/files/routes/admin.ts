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
import { adminSecurity, createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { deleteFile, deleteFiles, getFile, listFiles, updateFile } from '../management';
import { adminScope, linkBaseOf } from './guards';

/** The admin's file management: every share (SPEC §7 admin/files). */
export const adminFileRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/files',
      tags: ['Files'],
      summary: 'List every file share, newest first (limit, offset, search)',
      security: adminSecurity,
      request: { query: fileListQuery },
      responses: okResponse(fileList),
    }),
    async (c) => {
      const scope = adminScope(c);
      return ok(c, await listFiles(c.var.deps, scope, c.req.valid('query'), linkBaseOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/files/batch-delete',
      tags: ['Files'],
      summary: 'Delete several file shares and their objects',
      security: adminSecurity,
      request: jsonBody(batchDeleteBody),
      responses: okResponse(batchDeleteResult),
    }),
    async (c) => {
      const scope = adminScope(c);
      return ok(c, await deleteFiles(c.var.deps, scope, c.req.valid('json').ids));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/files/{id}',
      tags: ['Files'],
      summary: 'One file share, with visit links (no view counted)',
      security: adminSecurity,
      request: { params: idParam },
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const scope = adminScope(c);
      return ok(c, await getFile(c.var.deps, scope, c.req.valid('param').id, linkBaseOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/admin/files/{id}',
      tags: ['Files'],
      summary: 'Change slug, remark, password, expiry or view limit',
      security: adminSecurity,
      request: { params: idParam, ...jsonBody(updateFileBody) },
      responses: okResponse(fileShare),
    }),
    async (c) => {
      const scope = adminScope(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return ok(c, await updateFile(c.var.deps, scope, id, body, linkBaseOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/files/{id}',
      tags: ['Files'],
      summary: 'Delete a file share and its object',
      security: adminSecurity,
      request: { params: idParam },
      responses: okResponse(deletedCount),
    }),
    async (c) => {
      const scope = adminScope(c);
      return ok(c, { deleted: await deleteFile(c.var.deps, scope, c.req.valid('param').id) });
    },
  );
