import type { FileList, FileShare, UpdateFileBody } from '@pastebox/contract/schemas/file';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { listPage, type ListRequest } from '@/lib/pagination';
import { normaliseRemark } from '@/shares/fields';
import { orSlugTaken } from '@/shares/slugs';
import { shareRuleChanges } from '@/shares/rule-changes';
import { revokesVisits, revokeVisits } from '@/shares/visits';
import { presentFileShare } from './presenter';
import { removeFileShare } from './removal';
import { FilesRepo, type FileChanges, type FileScope, type FileWithProvider } from './repo';
import { issueFileVisits } from './visits';

/**
 * The management calls shared by /admin/files (scope: all) and /user/files (scope: the
 * key's own). Someone else's file is indistinguishable from a missing one: 404.
 */

/**
 * Shares as management shows them: each ready one carries the links of a new visit (no
 * view counted, but budgeted like any visit, so a link copied out of the admin panel is
 * bounded too), all issued in one insert and absolute under `linkBase`.
 */
async function presentAllManaged(
  deps: AppDeps,
  rows: FileWithProvider[],
  linkBase: string,
): Promise<FileShare[]> {
  const ready = rows.filter((row) => row.status === 'ready');
  const links = await issueFileVisits(deps, ready, linkBase);
  const nowIso = isoNow(deps.clock);
  return rows.map((row) => presentFileShare(row, nowIso, links.get(row.id) ?? null));
}

/** One share as management, and an upload's answer, show it (see presentAllManaged). */
export async function presentManaged(
  deps: AppDeps,
  row: FileWithProvider,
  linkBase: string,
): Promise<FileShare> {
  const [share] = await presentAllManaged(deps, [row], linkBase);
  return share ?? presentFileShare(row, isoNow(deps.clock), null);
}

/** Newest first, with the pagination block both families answer. */
export async function listFiles(
  deps: AppDeps,
  scope: FileScope,
  request: ListRequest,
  linkBase: string,
): Promise<FileList> {
  return listPage(new FilesRepo(deps.db), scope, request, (rows) =>
    presentAllManaged(deps, rows, linkBase),
  );
}

async function findOrNotFound(deps: AppDeps, scope: FileScope, id: string) {
  const row = await new FilesRepo(deps.db).findById(id, scope);
  if (!row) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return row;
}

/** One share; reading it here counts no view. */
export async function getFile(
  deps: AppDeps,
  scope: FileScope,
  id: string,
  linkBase: string,
): Promise<FileShare> {
  return presentManaged(deps, await findOrNotFound(deps, scope, id), linkBase);
}

/** Absent fields stay as they are; see updateFileBody for what each one means. */
async function changesFrom(
  body: UpdateFileBody,
  current: { slug: string },
  now: Date,
): Promise<FileChanges> {
  const changes: FileChanges = await shareRuleChanges(body, current, now);
  if (body.remark !== undefined) {
    changes.remark = normaliseRemark(body.remark);
  }
  if (body.private !== undefined && body.private !== null) {
    changes.private = body.private ? 1 : 0;
  }
  return changes;
}

/** PUT …/files/{id}: applies the changes and answers the share as it now is. */
export async function updateFile(
  deps: AppDeps,
  scope: FileScope,
  id: string,
  body: UpdateFileBody,
  linkBase: string,
): Promise<FileShare> {
  const repo = new FilesRepo(deps.db);
  const current = await findOrNotFound(deps, scope, id);
  const changes = await changesFrom(body, current, deps.clock.now());
  await orSlugTaken(repo.update(id, scope, changes));
  // After the update, not before: an opening that counts its view from now on sees the new
  // rules, and one that counted before has (but for the moment between its two
  // statements) already issued the visit this deletes.
  if (revokesVisits(changes)) {
    await revokeVisits(deps, { table: 'files', id });
  }
  return getFile(deps, scope, id, linkBase);
}

/** DELETE …/files/{id}: the object first, then the row; 404 when it is not there. */
export async function deleteFile(deps: AppDeps, scope: FileScope, id: string): Promise<number> {
  return removeFileShare(deps, await findOrNotFound(deps, scope, id), scope);
}

/** POST …/files/batch-delete: deletes those of `ids` in scope; reports what failed. */
export async function deleteFiles(
  deps: AppDeps,
  scope: FileScope,
  ids: string[],
): Promise<{ deleted: number; failed: number }> {
  const repo = new FilesRepo(deps.db);
  let deleted = 0;
  let failed = 0;
  for (const id of new Set(ids)) {
    const row = await repo.findById(id, scope);
    if (!row) {
      continue;
    }
    try {
      deleted += await removeFileShare(deps, row, scope);
    } catch (error) {
      deps.logger.warn({ err: error, fileId: id }, 'batch delete: a file was kept');
      failed += 1;
    }
  }
  return { deleted, failed };
}
