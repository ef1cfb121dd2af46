import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import type { AppDeps } from '@/context';
import { openShare, slugViewCounter, verifyShare, type ShareOpener } from '@/shares/opening';
import { isShareOwner, type Reader } from '@/shares/reader';
import { presentPublic } from './presenter';
import { BundlesRepo, type BundleRow } from './repo';
import { grantBundleVisit } from './visits';

/**
 * Opening a bundle (GET /api/public/bundles/{slug}, POST …/verify), as every share opens
 * (`@/shares/opening`): a visit counts one view of the bundle, atomically (an exact limit
 * under parallel openings), and hands out the links of new visits (./visits.ts). The owner
 * (the admin, or the caller that made it while it holds file permission) opens freely.
 */
function bundleOpener(deps: AppDeps, linkBase: string): ShareOpener<BundleRow, PublicBundle> {
  const repo = new BundlesRepo(deps.db);
  return {
    find: (slug) => repo.findBySlug(slug),
    notFound: 'BUNDLE_NOT_FOUND',
    counter: slugViewCounter(repo, 'BUNDLE_NOT_FOUND'),
    isOwner: (row, reader) => isShareOwner(row, reader.principal, 'file'),
    present: async (row, access) =>
      presentPublic(row, access && (await grantBundleVisit(deps, row, linkBase, access.counted))),
  };
}

/** GET /api/public/bundles/{slug}: metadata only while a password is needed. */
export function openBundle(
  deps: AppDeps,
  slug: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicBundle> {
  return openShare(deps, bundleOpener(deps, linkBase), slug, reader);
}

/** POST /api/public/bundles/{slug}/verify: the links for the right password, for one view. */
export function verifyBundle(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicBundle> {
  return verifyShare(deps, bundleOpener(deps, linkBase), slug, password, reader);
}
