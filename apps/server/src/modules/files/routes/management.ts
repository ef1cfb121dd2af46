import { batchDeleteBody, deletedCount, idParam } from '@pastebox/contract/schemas/common';
import {
  batchDeleteResult,
  fileList,
  fileListQuery,
  fileShare,
  updateFileBody,
} from '@pastebox/contract/schemas/file';
import { ok } from '@/lib/envelope';
import { createRouter, jsonBody, okResponse } from '@/lib/openapi';
import {
  familyRoute,
  ownerScopes,
  scopedRoutes,
  type FamilyRouteConfig,
  type ScopeFamily,
} from '@/lib/scoped-routes';
import { deleteFile, deleteFiles, getFile, listFiles, updateFile } from '../management';
import type { FileScope } from '../repo';
import { linkBaseOf } from './link-base';

/** The routes of one family: admin/files (every share) or user/files (the key's own). */
function fileManagementRoutes(family: ScopeFamily<FileScope>) {
  const route = <R extends FamilyRouteConfig>(config: R) => familyRoute(family, 'Files', config);
  return createRouter()
    .openapi(
      route({
        method: 'get',
        path: '',
        summary: {
          admin: 'List every file share, newest first (limit, offset, search)',
          key: "List the calling key's file shares, newest first (limit, offset, search)",
        },
        request: { query: fileListQuery },
        responses: okResponse(fileList),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, await listFiles(c.get('deps'), scope, c.req.valid('query'), linkBaseOf(c)));
      },
    )
    .openapi(
      route({
        method: 'post',
        path: '/batch-delete',
        summary: 'Delete several file shares and their objects',
        request: jsonBody(batchDeleteBody),
        responses: okResponse(batchDeleteResult),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, await deleteFiles(c.get('deps'), scope, c.req.valid('json').ids));
      },
    )
    .openapi(
      route({
        method: 'get',
        path: '/{id}',
        summary: 'One file share, with visit links (no view counted)',
        request: { params: idParam },
        responses: okResponse(fileShare),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, await getFile(c.get('deps'), scope, c.req.valid('param').id, linkBaseOf(c)));
      },
    )
    .openapi(
      route({
        method: 'put',
        path: '/{id}',
        summary: 'Change slug, remark, password, expiry or view limit',
        request: { params: idParam, ...jsonBody(updateFileBody) },
        responses: okResponse(fileShare),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        return ok(c, await updateFile(c.get('deps'), scope, id, body, linkBaseOf(c)));
      },
    )
    .openapi(
      route({
        method: 'delete',
        path: '/{id}',
        summary: 'Delete a file share and its object',
        request: { params: idParam },
        responses: okResponse(deletedCount),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        return ok(c, { deleted: await deleteFile(c.get('deps'), scope, c.req.valid('param').id) });
      },
    );
}

/** admin/files and user/files: one definition, built for each family (SPEC §7). */
export const fileManagement = scopedRoutes<FileScope>(
  { resource: 'files', permission: 'file', ...ownerScopes },
  fileManagementRoutes,
);
