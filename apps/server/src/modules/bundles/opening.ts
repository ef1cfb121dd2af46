import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { assertLive } from '@/shares/liveness';
import { checkSharePassword } from '@/shares/password';
import { isShareOwner, type Reader } from '@/shares/reader';
import { countViewOrExplain, type ViewCounter } from '@/shares/views';
import { presentPublic } from './presenter';
import { BundlesRepo, type BundleRow } from './repo';
import { grantBundleVisit } from './visits';

/**
 * Opening a bundle (GET /api/public/bundles/{slug}, POST …/verify), as a file share opens:
 * a visit counts one view of the bundle, atomically (an exact limit under parallel
 * openings), and hands out the links of new visits (./visits.ts). The owner opens freely.
 */

/** The bundle behind a public link, or 404; 410 once it expired or ran out of views. */
async function findLiveBundle(deps: AppDeps, slug: string): Promise<BundleRow> {
  const row = await new BundlesRepo(deps.db).findBySlug(slug);
  if (!row) {
    throw new AppError('BUNDLE_NOT_FOUND');
  }
  assertLive(row, isoNow(deps.clock));
  return row;
}

/** Bundles seen by the kernel's view counter: the same slug must still name the same bundle. */
function bundleViewCounter(deps: AppDeps): ViewCounter<BundleRow> {
  const repo = new BundlesRepo(deps.db);
  return {
    count: (row, nowIso) => repo.countView(row.id, nowIso),
    reload: async (row) => {
      const current = await repo.findBySlug(row.slug);
      return current?.id === row.id ? current : undefined;
    },
    notFound: 'BUNDLE_NOT_FOUND',
  };
}

function countBundleView(deps: AppDeps, row: BundleRow): Promise<BundleRow> {
  return countViewOrExplain(bundleViewCounter(deps), row, isoNow(deps.clock));
}

/** The admin, or the caller that made the bundle while it holds file permission. */
function isOwner(row: BundleRow, reader: Reader): boolean {
  return isShareOwner(row, reader.principal, 'file');
}

/** GET /api/public/bundles/{slug}: metadata only while a password is needed. */
export async function openBundle(
  deps: AppDeps,
  slug: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicBundle> {
  const row = await findLiveBundle(deps, slug);
  if (isOwner(row, reader)) {
    return presentPublic(row, await grantBundleVisit(deps, row, linkBase, false));
  }
  if (row.password_hash !== null) {
    return presentPublic(row, null);
  }
  const counted = await countBundleView(deps, row);
  // The owner may have set a password between the read and the count.
  if (counted.password_hash !== row.password_hash) {
    return presentPublic(counted, null);
  }
  return presentPublic(counted, await grantBundleVisit(deps, counted, linkBase, true));
}

/** POST /api/public/bundles/{slug}/verify: the links for the right password, for one view. */
export async function verifyBundle(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicBundle> {
  const row = await findLiveBundle(deps, slug);
  if (isOwner(row, reader)) {
    return presentPublic(row, await grantBundleVisit(deps, row, linkBase, false));
  }
  await checkSharePassword(deps, row.password_hash, password, reader.clientIp);
  const counted = await countBundleView(deps, row);
  // A password changed while argon2 ran: the visitor was checked against the old one.
  if (counted.password_hash !== row.password_hash) {
    throw new AppError('WRONG_PASSWORD');
  }
  return presentPublic(counted, await grantBundleVisit(deps, counted, linkBase, true));
}
