import type {
  BundleDetail,
  BundleList,
  CreateBundleBody,
  DeleteBundleResult,
  UpdateBundleBody,
} from '@pastebox/contract/schemas/bundle';
import { creatorOf, type AppDeps, type Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { hashPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { listPage, type ListRequest } from '@/lib/pagination';
import {
  expiryFromHours,
  findFilesByIds,
  removeFileShare,
  type FileScope,
} from '@/modules/files/service';
import { normaliseRemark } from '@/shares/fields';
import { isExpired } from '@/shares/liveness';
import { assertSlugRules, insertWithFreeSlug, orSlugTaken } from '@/shares/slugs';
import { shareRuleChanges } from '@/shares/rule-changes';
import { revokesVisits, revokeVisits } from '@/shares/visits';
import { membersOf } from './members';
import { presentDetail, presentSummary } from './presenter';
import { BundlesRepo, type BundleChanges, type BundleRow, type BundleScope } from './repo';

/**
 * The management calls shared by /admin/bundles (scope: all) and /user/bundles (scope: the
 * caller's own). Someone else's bundle is indistinguishable from a missing one: 404. A
 * caller bundles only files it may manage itself: the files module's scope of the caller.
 */

export type { BundleScope } from './repo';
// For the accounts and API-keys modules (an owner's deletion) and the sweeper.
export { handOverBundles, removeBundlesIn } from './owners';
export { sweepExpiredBundles } from './sweep';

/** A foreign-key violation (SQLite or PostgreSQL): a member file went away meanwhile. */
function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) {
    return false;
  }
  return error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || error.code === '23503';
}

/**
 * The ids in the order given, each once; 400 BUNDLE_FILES_INVALID unless every one is a
 * file share within `scope` that is uploaded completely and not expired, and 400
 * BUNDLE_FILES_MIXED_ENCRYPTION when some are end-to-end encrypted and some are not: the
 * server zips a plain bundle and the browser an encrypted one, and neither can do both.
 */
async function checkedFileIds(
  deps: AppDeps,
  fileIds: readonly string[],
  scope: FileScope,
): Promise<string[]> {
  const ids = [...new Set(fileIds)];
  const nowIso = isoNow(deps.clock);
  const files = await findFilesByIds(deps, ids, scope);
  const usable = files.filter((file) => file.status === 'ready' && !isExpired(file, nowIso));
  if (usable.length !== ids.length) {
    throw new AppError('BUNDLE_FILES_INVALID');
  }
  const encrypted = usable.filter((file) => file.encrypted === 1).length;
  if (encrypted !== 0 && encrypted !== usable.length) {
    throw new AppError('BUNDLE_FILES_MIXED_ENCRYPTION');
  }
  return ids;
}

async function present(deps: AppDeps, row: BundleRow, linkBase: string): Promise<BundleDetail> {
  const files = (await membersOf(deps, [row])).get(row.id) ?? [];
  return presentDetail(row, files, isoNow(deps.clock), linkBase);
}

/** POST …/bundles: one bundle of the caller's files, under a custom or random slug. */
export async function createBundle(
  deps: AppDeps,
  scope: BundleScope,
  principal: Principal,
  body: CreateBundleBody,
  linkBase: string,
): Promise<BundleDetail> {
  const customSlug = body.slug ? assertSlugRules(body.slug) : null;
  const fileIds = await checkedFileIds(deps, body.file_ids, scope);
  const now = deps.clock.now();
  const row = {
    id: newId(),
    title: normaliseRemark(body.title),
    password_hash: body.password ? await hashPassword(body.password) : null,
    expires_at: expiryFromHours(body.expires_in, now),
    max_views: body.max_views ?? 0,
    created_by: creatorOf(principal),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const repo = new BundlesRepo(deps.db);
  try {
    await insertWithFreeSlug(customSlug, (slug) => repo.insertWithFiles({ ...row, slug }, fileIds));
  } catch (error) {
    throw isForeignKeyViolation(error) ? new AppError('BUNDLE_FILES_INVALID') : error;
  }
  return getBundle(deps, scope, row.id, linkBase);
}

/** Newest first, with the pagination block both families answer. */
export async function listBundles(
  deps: AppDeps,
  scope: BundleScope,
  request: ListRequest,
  linkBase: string,
): Promise<BundleList> {
  return listPage(new BundlesRepo(deps.db), scope, request, async (rows) => {
    const members = await membersOf(deps, rows);
    const nowIso = isoNow(deps.clock);
    return rows.map((row) => presentSummary(row, members.get(row.id) ?? [], nowIso, linkBase));
  });
}

async function findOrNotFound(deps: AppDeps, scope: BundleScope, id: string) {
  const row = await new BundlesRepo(deps.db).findById(id, scope);
  if (!row) {
    throw new AppError('BUNDLE_NOT_FOUND');
  }
  return row;
}

/** One bundle with its files; reading it here counts no view. */
export async function getBundle(
  deps: AppDeps,
  scope: BundleScope,
  id: string,
  linkBase: string,
): Promise<BundleDetail> {
  return present(deps, await findOrNotFound(deps, scope, id), linkBase);
}

/** Absent fields stay as they are; see updateBundleBody for what each one means. */
async function changesFrom(
  body: UpdateBundleBody,
  current: BundleRow,
  now: Date,
): Promise<BundleChanges> {
  const changes: BundleChanges = await shareRuleChanges(body, current, now);
  if (body.title !== undefined) {
    changes.title = normaliseRemark(body.title);
  }
  return changes;
}

/** PUT …/bundles/{id}: applies the changes and answers the bundle as it now is. */
export async function updateBundle(
  deps: AppDeps,
  scope: BundleScope,
  id: string,
  body: UpdateBundleBody,
  linkBase: string,
): Promise<BundleDetail> {
  const current = await findOrNotFound(deps, scope, id);
  const changes = await changesFrom(body, current, deps.clock.now());
  await orSlugTaken(new BundlesRepo(deps.db).update(id, scope, changes));
  // After the update, as files do: a ZIP link issued under the old rules stops working.
  if (revokesVisits(changes)) {
    await revokeVisits(deps, { table: 'bundles', id });
  }
  return getBundle(deps, scope, id, linkBase);
}

/**
 * DELETE …/bundles/{id}: the bundle; with `deleteFiles` its member files too (those the
 * caller may manage), each with its object through the files module. A file whose object
 * could not be deleted stays and is counted as failed; the bundle goes either way.
 */
export async function deleteBundle(
  deps: AppDeps,
  scope: BundleScope,
  id: string,
  deleteFiles: boolean,
): Promise<DeleteBundleResult> {
  const row = await findOrNotFound(deps, scope, id);
  let deleted = 0;
  let failed = 0;
  if (deleteFiles) {
    const memberIds = ((await membersOf(deps, [row])).get(row.id) ?? []).map((file) => file.id);
    for (const file of await findFilesByIds(deps, memberIds, scope)) {
      try {
        deleted += await removeFileShare(deps, file, scope);
      } catch (error) {
        deps.logger.warn({ err: error, fileId: file.id }, 'bundle delete: a file was kept');
        failed += 1;
      }
    }
  }
  if ((await new BundlesRepo(deps.db).delete(id, scope)) === 0) {
    throw new AppError('BUNDLE_NOT_FOUND');
  }
  return { deleted: true, files_deleted: deleted, files_failed: failed };
}

/** A bundle's rules, title and number of files, as a link preview reads them. */
export type BundleCard = NonNullable<Awaited<ReturnType<BundlesRepo['findCardBySlug']>>>;

/**
 * What a link preview may know of the bundle behind `slug` (issue 36), read without
 * counting a view or opening a visit; undefined when there is none.
 */
export function findBundleCard(deps: AppDeps, slug: string): Promise<BundleCard | undefined> {
  return new BundlesRepo(deps.db).findCardBySlug(slug);
}
