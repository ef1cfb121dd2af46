import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import type { AppDeps, Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { UploadNotFoundError, type CompletedPart } from '@/storage/driver';
import {
  findUploadSession,
  listIdleUploadSessions,
  touchUploadSession,
  type UploadSessionRow,
} from '@/modules/files/service';
import { getStorage, type StorageHandle } from '@/modules/storage-configs/service';
import { partCountFor, presentParts } from './multipart-parts';
import { inScope, uploadScope } from './ownership';
import { cleanupFailure, discardPendingUpload } from './pending-cleanup';

/**
 * Multipart sessions (DESIGN §6): kept in the database so an upload resumes from the
 * parts already stored; finding, extending, presenting and discarding them.
 */

/** An idle session lives this long; every part-URL or parts call extends it. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;

export function sessionExpiry(deps: AppDeps): string {
  return new Date(deps.clock.now().getTime() + SESSION_IDLE_MS).toISOString();
}

/** The session as init and the parts call answer it. */
export function presentSession(
  session: UploadSessionRow,
  slug: string,
  stored: CompletedPart[],
): MultipartSession {
  return {
    file_id: session.file_id,
    upload_id: session.upload_id,
    key: session.storage_path,
    slug,
    part_size: session.part_size,
    part_count: partCountFor(session.total_size, session.part_size),
    total_size: session.total_size,
    expires_at: session.expires_at,
    parts: presentParts(stored),
  };
}

export interface OpenSession {
  session: UploadSessionRow;
  storage: StorageHandle;
}

/** The caller's session for a file (and upload id, when given), or UPLOAD_NOT_FOUND. */
export async function openSession(
  deps: AppDeps,
  principal: Principal,
  fileId: string,
  uploadId?: string,
): Promise<OpenSession> {
  const session = await findUploadSession(deps, fileId);
  const mine = session && inScope(uploadScope(principal), session.created_by);
  if (!session || !mine || (uploadId !== undefined && session.upload_id !== uploadId)) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  return { session, storage: await getStorage(deps, session.s3_config_id) };
}

export async function keepAlive(deps: AppDeps, session: UploadSessionRow): Promise<void> {
  const expiresAt = sessionExpiry(deps);
  await touchUploadSession(deps, session.id, expiresAt);
  session.expires_at = expiresAt;
}

/**
 * Drops everything an upload made: the storage upload, the object, then the session and
 * the row. When the storage did not confirm that its side is gone (anything but "no such
 * upload" from abort, any failure of the delete), the row and the session stay, the
 * session expired so that the next sweep retries, and the call throws 503
 * STORAGE_UNAVAILABLE (issue 34: a row dropped first would orphan the upload for good).
 */
export async function discardMultipart(deps: AppDeps, open: OpenSession): Promise<void> {
  const { session, storage } = open;
  try {
    await storage.driver.abortMultipart(session.storage_path, session.upload_id);
  } catch (error) {
    if (!(error instanceof UploadNotFoundError)) {
      await leaveForSweeper(deps, session);
      throw cleanupFailure(error);
    }
  }
  await discardCompleted(deps, open);
}

/**
 * Drops an upload the storage has completed (a refused complete): there is no storage
 * upload left to abort — an abort would be refused, as Swift's s3api does with NoSuchKey —
 * so its object goes, then the session and the row. When the storage did not confirm the
 * delete, the row and the session stay for the sweeper (see discardMultipart).
 */
export async function discardCompleted(deps: AppDeps, open: OpenSession): Promise<void> {
  const { session, storage } = open;
  const upload = {
    id: session.file_id,
    s3_config_id: session.s3_config_id,
    storage_path: session.storage_path,
    size: session.total_size,
  };
  try {
    // The session goes with the row (ON DELETE CASCADE); its reservation is released.
    await discardPendingUpload(deps, storage, upload);
  } catch (error) {
    await leaveForSweeper(deps, session);
    throw error;
  }
}

/** Marks a session expired now, so the next sweep takes it (sweepIdleMultiparts). */
async function leaveForSweeper(deps: AppDeps, session: UploadSessionRow): Promise<void> {
  await touchUploadSession(deps, session.id, isoNow(deps.clock));
}

/** POST /api/upload/multipart/abort: cancels the upload and deletes its record. */
export async function abortMultipart(
  deps: AppDeps,
  principal: Principal,
  fileId: string,
  uploadId: string,
): Promise<{ aborted: boolean }> {
  await discardMultipart(deps, await openSession(deps, principal, fileId, uploadId));
  return { aborted: true };
}

/**
 * Sweeper: aborts sessions idle past their expiry and deletes their records. A session
 * whose storage does not answer stays (expired) for the next pass; the others go on.
 */
export async function sweepIdleMultiparts(deps: AppDeps, limit = 100): Promise<number> {
  const expired = await listIdleUploadSessions(deps, limit);
  let discarded = 0;
  for (const session of expired) {
    try {
      const storage = await getStorage(deps, session.s3_config_id);
      await discardMultipart(deps, { session, storage });
      discarded += 1;
    } catch (error) {
      deps.logger.warn({ err: error, fileId: session.file_id }, 'sweep: an idle upload was kept');
    }
  }
  return discarded;
}
