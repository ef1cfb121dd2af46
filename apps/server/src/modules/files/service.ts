import type { AppDeps } from '@/context';
import { insertWithFreeSlug } from '@/shares/slugs';
import {
  FilesRepo,
  type FileChanges,
  type FileRow,
  type FileScope,
  type FileWithProvider,
  type NewFileRow,
} from './repo';

/**
 * The files module's door for the others (DESIGN §2): uploads and URL uploads create,
 * finish and drop file records through these functions, never through `FilesRepo`, so
 * the files table has one owner and its queries can change without touching them.
 */

export type { FileChanges, FileRow, FileScope, FileWithProvider, NewFileRow } from './repo';
export { isUniqueViolation } from './repo';
export { deliveryHeaders, normaliseMimetype } from './content-safety';
export { presentManaged } from './management';
export { encryptionOf } from './presenter';
export { removeFileShare } from './removal';
export { fileBytesByAccount, handOverFileShares, removeFileSharesIn } from './account-shares';
export { relocateShareObjects, type RelocationResult } from './relocation';
export {
  assertSlugRules,
  ENCRYPTED_FILE_TYPE,
  expiryFromHours,
  isEncryptedFile,
  normaliseRemark,
} from './rules';
export { issueFileVisits, sweepExpiredVisits } from './visits';
export type { NewUploadSession, UploadSessionRow } from './sessions-repo';
export {
  deleteUploadSession,
  findUploadSession,
  insertUploadSession,
  listIdleUploadSessions,
  touchUploadSession,
} from './upload-sessions';

/** A file share by id within `scope` (with its provider), or undefined. */
export function findFile(
  deps: AppDeps,
  id: string,
  scope: FileScope,
): Promise<FileWithProvider | undefined> {
  return new FilesRepo(deps.db).findById(id, scope);
}

/** An IN list this long stays far below either database's limit on bound parameters. */
const IDS_PER_QUERY = 500;

/**
 * The file shares among `ids` within `scope` (any status; missing ones are left out), in
 * no particular order; long lists are read in chunks.
 */
export async function findFilesByIds(
  deps: AppDeps,
  ids: readonly string[],
  scope: FileScope,
): Promise<FileRow[]> {
  const repo = new FilesRepo(deps.db);
  const rows: FileRow[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    rows.push(...(await repo.findManyByIds(ids.slice(start, start + IDS_PER_QUERY), scope)));
  }
  return rows;
}

/** Whether a share (of any status) already holds `slug`. */
export async function isSlugTaken(deps: AppDeps, slug: string): Promise<boolean> {
  return (await new FilesRepo(deps.db).findBySlug(slug)) !== undefined;
}

/**
 * Inserts a files row under `customSlug`, or under a random slug when null. The unique
 * index decides rather than check-then-insert: a custom slug taken meanwhile answers 409
 * SLUG_TAKEN, a random one is drawn again. Answers the row as inserted.
 */
export async function insertFile(
  deps: AppDeps,
  row: Omit<NewFileRow, 'slug'>,
  customSlug: string | null,
): Promise<NewFileRow> {
  const repo = new FilesRepo(deps.db);
  const slug = await insertWithFreeSlug(customSlug, (candidate) =>
    repo.insert({ ...row, slug: candidate }),
  );
  return { ...row, slug };
}

/** Changes a record within `scope`; answers the number of rows changed (0 or 1). */
export function changeFile(
  deps: AppDeps,
  id: string,
  scope: FileScope,
  changes: FileChanges,
): Promise<number> {
  return new FilesRepo(deps.db).update(id, scope, changes);
}

/** Turns a pending upload into a ready share; 0 when it was not pending any more. */
export function markFileReady(deps: AppDeps, id: string, changes: FileChanges): Promise<number> {
  return new FilesRepo(deps.db).markReady(id, changes);
}

/**
 * Deletes the record only (a multipart session goes with it, ON DELETE CASCADE); the
 * caller has dealt with the object. `removeFileShare` deletes both.
 */
export function deleteFileRecord(deps: AppDeps, id: string, scope: FileScope): Promise<number> {
  return new FilesRepo(deps.db).delete(id, scope);
}

/** Presigned uploads never committed (no multipart session) and older than `before`. */
export function listStalePendingFiles(
  deps: AppDeps,
  before: string,
  limit: number,
): Promise<FileRow[]> {
  return new FilesRepo(deps.db).listStalePending(before, limit);
}

/** Ready shares past their expiry, at most `limit` of them. */
export function listExpiredFiles(deps: AppDeps, nowIso: string, limit: number): Promise<FileRow[]> {
  return new FilesRepo(deps.db).listExpired(nowIso, limit);
}

/** Bytes the shares on one storage config take, in-flight uploads included (quota). */
export function usedBytesOn(deps: AppDeps, configId: string): Promise<number> {
  return new FilesRepo(deps.db).usedBytes(configId);
}

/** A ready share's rules, name, type and object, as a link preview reads them. */
export type FileCard = NonNullable<Awaited<ReturnType<FilesRepo['findCardBySlug']>>>;

/**
 * What a link preview may know of the share behind `slug` (issue 36), read without counting
 * a view or opening a visit; undefined when no ready, non-private share is there.
 */
export function findFileCard(deps: AppDeps, slug: string): Promise<FileCard | undefined> {
  return new FilesRepo(deps.db).findCardBySlug(slug);
}
