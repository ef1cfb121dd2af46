import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { UploadSessionsRepo, type NewUploadSession, type UploadSessionRow } from './sessions-repo';

/**
 * Multipart sessions are the in-flight state of a files row (its file_id cascades on
 * delete), so the files module owns their table: the uploads module drives them through
 * these calls, and deleting a share can abort its upload without importing uploads.
 */

/** The multipart session of a file still uploading, or undefined when there is none. */
export function findUploadSession(
  deps: AppDeps,
  fileId: string,
): Promise<UploadSessionRow | undefined> {
  return new UploadSessionsRepo(deps.db).findByFileId(fileId);
}

/** Records a new multipart session. */
export async function insertUploadSession(deps: AppDeps, row: NewUploadSession): Promise<void> {
  await new UploadSessionsRepo(deps.db).insert(row);
}

/** Keeps an active session alive: the sweeper aborts only idle ones. */
export async function touchUploadSession(
  deps: AppDeps,
  id: string,
  expiresAt: string,
): Promise<void> {
  await new UploadSessionsRepo(deps.db).touch(id, isoNow(deps.clock), expiresAt);
}

/** Drops a session (its upload completed); the files row stays. */
export async function deleteUploadSession(deps: AppDeps, id: string): Promise<void> {
  await new UploadSessionsRepo(deps.db).delete(id);
}

/** Sessions idle past their expiry, at most `limit`, for the sweeper. */
export function listIdleUploadSessions(deps: AppDeps, limit: number): Promise<UploadSessionRow[]> {
  return new UploadSessionsRepo(deps.db).listExpired(isoNow(deps.clock), limit);
}
