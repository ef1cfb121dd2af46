import { idParam } from '@pastebox/contract/schemas/common';
import {
  createMountBody,
  mountItem,
  mountList,
  updateMountBody,
} from '@pastebox/contract/schemas/mount';
import { z } from 'zod';
import { creatorOf } from '@/context';
import { answering } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { AppError } from '@/lib/errors';
import { requirePermission } from '@/lib/guards';
import { createRouter } from '@/lib/openapi';
import { familyRouteOf, guardFirst, scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { mountAccess } from '../access';
import {
  createMount,
  deleteMount,
  getMount,
  listMounts,
  updateMount,
  type MountScope,
} from '../service';

/** The routes of one family: admin/mounts (read and write) or user/mounts (read only). */
function mountManagementRoutes(family: ScopeFamily<MountScope>) {
  const route = familyRouteOf(family, 'Mounts');
  const router = createRouter()
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '',
          summary: {
            admin: 'List every mount, in explorer order (sort_order, then path)',
            key: 'The mounts at or under the key’s base path, and those on the way down to it',
          },
          answer: mountList,
        }),
        (c) => listMounts(c.get('deps'), family.scopeOf(c)),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}',
          summary: {
            admin: 'One mount',
            key: 'One mount the key can see; any other answers 404',
          },
          params: idParam,
          answer: mountItem,
        }),
        (c) => getMount(c.get('deps'), family.scopeOf(c), c.req.valid('param').id),
      ),
    );
  if (family.kind === 'key') {
    refuseKeyWrites(router, family.base);
    return router;
  }
  // Only the admin manages mounts (SPEC §6). The guard runs before the body is read, so a
  // key gets its 403 whatever it sends.
  const adminOnly = guardFirst(family.scopeOf);
  return router
    .openapi(
      route({
        method: 'post',
        path: '',
        summary: 'Create a mount; storage_type is derived from the config when absent',
        description:
          'The path must be well formed, not reserved, and neither equal to, inside nor ' +
          'around another mount. `s3_config_id` is accepted for `storage_config_id`.',
        middleware: adminOnly,
        body: createMountBody,
        answer: mountItem,
        status: 201,
        answerDescription: 'Created',
      }),
      async (c) => {
        family.scopeOf(c);
        const body = c.req.valid('json');
        const created = await createMount(c.get('deps'), body, creatorOf(c.get('principal')));
        return ok(c, created, 201, 'Created');
      },
    )
    .openapi(
      route({
        method: 'put',
        path: '/{id}',
        summary: 'Change a mount: the given fields only (also the active toggle)',
        middleware: adminOnly,
        params: idParam,
        body: updateMountBody,
        answer: mountItem,
      }),
      async (c) => {
        family.scopeOf(c);
        const { id } = c.req.valid('param');
        return ok(c, await updateMount(c.get('deps'), id, c.req.valid('json')));
      },
    )
    .openapi(
      route({
        method: 'delete',
        path: '/{id}',
        summary: 'Delete a mount; the files stay in their storage',
        middleware: adminOnly,
        params: idParam,
        answer: z.null(),
      }),
      async (c) => {
        family.scopeOf(c);
        await deleteMount(c.get('deps'), c.req.valid('param').id);
        return ok(c, null, 200, 'Deleted');
      },
    );
}

/**
 * Keys never manage mounts (SPEC §6): a write under /user/mounts is a 403 that says so
 * rather than the 404 of a route that is not there. Not an operation, so not documented.
 */
function refuseKeyWrites(router: ReturnType<typeof createRouter>, base: string): void {
  router.on(['POST', 'PUT', 'PATCH', 'DELETE'], [base, `${base}/:id`], (c) => {
    // Anonymous stays a 401 and a key without mount permission gets its own 403 key.
    requirePermission(c, 'mount');
    throw new AppError('FORBIDDEN', 'API keys cannot create, change or delete mounts');
  });
}

/** admin/mounts and user/mounts: one definition, built for each family (SPEC §7). */
export const mountManagement = scopedRoutes(mountAccess('mounts'), mountManagementRoutes);
