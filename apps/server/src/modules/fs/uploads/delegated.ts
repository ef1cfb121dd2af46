import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { getStorage } from '@/modules/storage-configs/service';
import { partCountFor } from '@/modules/uploads/service';
import { UploadNotFoundError, type CompletedPart, type PresignedRequest } from '@/storage/driver';
import { VfsError } from '@/vfs/types';
import type { FsUploadCaller } from './caller';
import { assertUploadFits, resolveDestination } from './destination';
import { completeFsMultipart, discardFsSession, startSession } from './multipart';
import { keepAlive, openFsSession, sessionsRepo, type OpenFsSession } from './multipart-session';
import type { FsUploadSessionRow } from './sessions-repo';

/**
 * Multipart sessions into a mount run for an uploader who is not the caller (a file
 * request's stranger, issue 33, sending as the request's owner). The same sessions, ledger
 * reservations and sweeper as the explorer's resumable uploads, with two differences: a
 * session is named by its own id (the stranger never sees the folder), and init always
 * starts a new one at the path it is given (the owner's sessions are not resumed by path,
 * so one stranger never continues another's).
 */

/** Whether a live session of anyone is writing to `path`: its name is taken, not yet a file. */
export async function isPathUploading(caller: FsUploadCaller, path: string): Promise<boolean> {
  const normalised = caller.fs.normalise(path);
  const resolved = await caller.fs.resolve(normalised);
  return sessionsRepo(caller).isWriting(resolved.mount.id, normalised, isoNow(caller.deps.clock));
}

/** A new session for the file at `path` (checks and capacity reservation as fs init). */
export async function startDelegatedSession(
  caller: FsUploadCaller,
  path: string,
  file: { contentType: string; fileSize: number },
): Promise<FsUploadSessionRow> {
  const destination = await resolveDestination(caller, path);
  await assertUploadFits(caller, destination, file.fileSize);
  const body = { path, contentType: file.contentType, fileSize: file.fileSize };
  const open = await startSession(caller, destination, body, file.fileSize);
  return open.session;
}

/** The caller's session `id` for storage upload `uploadId` (when given), or UPLOAD_NOT_FOUND. */
async function openById(
  caller: FsUploadCaller,
  id: string,
  uploadId?: string,
): Promise<OpenFsSession> {
  const row = await sessionsRepo(caller).findById(id, caller.scope);
  if (!row || (uploadId !== undefined && row.upload_id !== uploadId)) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  return openFsSession(caller, { path: row.path, uploadId: row.upload_id, key: row.storage_key });
}

/** The session and the parts stored so far (to resume); keeps it alive. */
export async function delegatedSessionParts(
  caller: FsUploadCaller,
  id: string,
): Promise<{ session: FsUploadSessionRow; parts: CompletedPart[] }> {
  const { session, driver } = await openById(caller, id);
  let parts: CompletedPart[];
  try {
    parts = await driver.listParts(session.storage_key, session.upload_id);
  } catch (error) {
    throw error instanceof UploadNotFoundError ? new AppError('UPLOAD_NOT_FOUND') : error;
  }
  await keepAlive(caller, session);
  return { session, parts };
}

/**
 * Signed PUT URLs of parts: S3's own, or the local driver's signed endpoint (which checks
 * the part as the relay does). The sizes are checked again at complete.
 */
export async function delegatedPartUrls(
  caller: FsUploadCaller,
  ref: { id: string; uploadId: string },
  partNumbers: readonly number[],
): Promise<Array<{ partNumber: number; signed: PresignedRequest }>> {
  const { session, driver } = await openById(caller, ref.id, ref.uploadId);
  const count = partCountFor(session.file_size, session.part_size);
  if (partNumbers.some((number) => number > count)) {
    throw new AppError('VALIDATION_FAILED', `This upload has ${count} parts`);
  }
  await keepAlive(caller, session);
  const configId =
    session.config_id ?? (await caller.fs.resolve(session.path)).mount.storageConfigId;
  const expiresIn = (await getStorage(caller.deps, configId)).config.signature_expires_in;
  return Promise.all(
    partNumbers.map(async (partNumber) => ({
      partNumber,
      signed: await driver.presignPart(
        session.storage_key,
        session.upload_id,
        partNumber,
        expiresIn,
      ),
    })),
  );
}

/** Refuses (PATH_EXISTS) a path another writer filled since the session began. */
async function assertStillFree(caller: FsUploadCaller, path: string): Promise<void> {
  try {
    await caller.fs.stat(path);
  } catch (error) {
    if (error instanceof VfsError && error.code === 'NOT_FOUND') {
      return;
    }
    throw error;
  }
  throw new AppError('PATH_EXISTS');
}

/**
 * Completes a session as fs complete does, but never over a file: a delegated upload
 * chose a free name at init and must not replace what another writer put there since.
 */
export async function completeDelegatedSession(
  caller: FsUploadCaller,
  ref: { id: string; uploadId: string },
  parts: Array<{ partNumber: number; etag: string }>,
): Promise<{ path: string; size: number; contentType: string | null }> {
  const { session } = await openById(caller, ref.id, ref.uploadId);
  await assertStillFree(caller, session.path);
  const written = await completeFsMultipart(caller, {
    path: session.path,
    uploadId: session.upload_id,
    key: session.storage_key,
    parts,
    fileSize: session.file_size,
  });
  return { path: written.path, size: written.size, contentType: session.content_type };
}

/** Aborts a session (its parts go, its capacity reservation is released). */
export async function abortDelegatedSession(
  caller: FsUploadCaller,
  ref: { id: string; uploadId: string },
): Promise<void> {
  await discardFsSession(caller.deps, await openById(caller, ref.id, ref.uploadId));
}
