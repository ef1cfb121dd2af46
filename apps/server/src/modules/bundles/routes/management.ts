import {
  bundleDetail,
  bundleList,
  bundleListQuery,
  createBundleBody,
  deleteBundleQuery,
  deleteBundleResult,
  updateBundleBody,
} from '@pastebox/contract/schemas/bundle';
import { idParam } from '@pastebox/contract/schemas/common';
import { answering } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { linkBaseOf } from '@/lib/link-base';
import { createRouter } from '@/lib/openapi';
import { familyRouteOf, ownerScopes, scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import {
  createBundle,
  deleteBundle,
  getBundle,
  listBundles,
  updateBundle,
  type BundleScope,
} from '../service';

/** The routes of one family: admin/bundles (every bundle) or user/bundles (the caller's own). */
function bundleManagementRoutes(family: ScopeFamily<BundleScope>) {
  const route = familyRouteOf(family, 'Bundles');
  return createRouter()
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '',
          summary: {
            admin: 'List every bundle, newest first (limit, offset, search)',
            key: "List the caller's bundles, newest first (limit, offset, search)",
          },
          query: bundleListQuery,
          answer: bundleList,
        }),
        (c) => listBundles(c.get('deps'), family.scopeOf(c), c.req.valid('query'), linkBaseOf(c)),
      ),
    )
    .openapi(
      route({
        method: 'post',
        path: '',
        summary: 'Bundle file shares behind one link (/b/{slug})',
        description:
          'Every file must exist, be uploaded completely and be one the caller may manage ' +
          '(else 400 BUNDLE_FILES_INVALID). The bundle has its own slug, title, password, ' +
          'expiry and view limit; a view is one opening of the bundle page.',
        body: createBundleBody,
        answer: bundleDetail,
        status: 201,
        answerDescription: 'Created',
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const body = c.req.valid('json');
        const created = await createBundle(
          c.get('deps'),
          scope,
          c.get('principal'),
          body,
          linkBaseOf(c),
        );
        return ok(c, created, 201, 'Created');
      },
    )
    .openapi(
      ...answering(
        route({
          method: 'get',
          path: '/{id}',
          summary: 'One bundle with its files (no view counted)',
          params: idParam,
          answer: bundleDetail,
        }),
        (c) => getBundle(c.get('deps'), family.scopeOf(c), c.req.valid('param').id, linkBaseOf(c)),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'put',
          path: '/{id}',
          summary: 'Change slug, title, password, expiry or view limit',
          params: idParam,
          body: updateBundleBody,
          answer: bundleDetail,
        }),
        (c) => {
          const { id } = c.req.valid('param');
          return updateBundle(
            c.get('deps'),
            family.scopeOf(c),
            id,
            c.req.valid('json'),
            linkBaseOf(c),
          );
        },
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'delete',
          path: '/{id}',
          summary: 'Delete a bundle; its files stay unless delete_files=true',
          params: idParam,
          query: deleteBundleQuery,
          answer: deleteBundleResult,
        }),
        (c) => {
          const deleteFiles = c.req.valid('query').delete_files ?? false;
          return deleteBundle(
            c.get('deps'),
            family.scopeOf(c),
            c.req.valid('param').id,
            deleteFiles,
          );
        },
      ),
    );
}

/** admin/bundles and user/bundles: one definition, built for each family (file permission). */
export const bundleManagement = scopedRoutes<BundleScope>(
  { resource: 'bundles', permission: 'file', ...ownerScopes },
  bundleManagementRoutes,
);
