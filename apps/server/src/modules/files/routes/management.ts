import { batchDeleteBody, deletedCount, idParam } from '@pastebox/contract/schemas/common';
import {
  batchDeleteResult,
  fileList,
  fileListQuery,
  fileShare,
  updateFileBody,
} from '@pastebox/contract/schemas/file';
import { answering } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { createRouter } from '@/lib/openapi';
import { familyRouteOf, ownerScopes, scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { deleteFile, deleteFiles, getFile, listFiles, updateFile } from '../management';
import type { FileScope } from '../repo';
import { linkBaseOf } from '@/lib/link-base';

/** The routes of one family: admin/files (every share) or user/files (the key's own). */
function fileManagementRoutes(family: ScopeFamily<FileScope>) {
  const route = familyRouteOf(family, 'Files');
  return createRouter()
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '',
          summary: {
            admin: 'List every file share, newest first (limit, offset, search)',
            key: "List the calling key's file shares, newest first (limit, offset, search)",
          },
          query: fileListQuery,
          answer: fileList,
        }),
        (c) => listFiles(c.get('deps'), family.scopeOf(c), c.req.valid('query'), linkBaseOf(c)),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/batch-delete',
          summary: 'Delete several file shares and their objects',
          body: batchDeleteBody,
          answer: batchDeleteResult,
        }),
        (c) => deleteFiles(c.get('deps'), family.scopeOf(c), c.req.valid('json').ids),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}',
          summary: 'One file share, with visit links (no view counted)',
          params: idParam,
          answer: fileShare,
        }),
        (c) => getFile(c.get('deps'), family.scopeOf(c), c.req.valid('param').id, linkBaseOf(c)),
      ),
    )
    .openapi(
      route({
        method: 'put',
        path: '/{id}',
        summary: 'Change slug, remark, password, expiry or view limit',
        params: idParam,
        body: updateFileBody,
        answer: fileShare,
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
        params: idParam,
        answer: deletedCount,
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
