import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import type { AppDeps, Principal } from '@/context';
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
import { discardObject, dropPendingShare } from './share-record';

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

/** Drops everything an upload made: the storage upload, the object, the session, the row. */
export async function discardMultipart(deps: AppDeps, open: OpenSession): Promise<void> {
  const { session, storage } = open;
  try {
    await storage.driver.abortMultipart(session.storage_path, session.upload_id);
  } catch (error) {
    if (!(error instanceof UploadNotFoundError)) {
      deps.logger.warn({ err: error, fileId: session.file_id }, 'aborting a multipart failed');
    }
  }
  await discardObject(deps, storage, session.storage_path);
  // The session goes with the row (ON DELETE CASCADE); its reservation is released.
  await dropPendingShare(deps, {
    id: session.file_id,
    s3_config_id: session.s3_config_id,
    size: session.total_size,
  });
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

/** Sweeper: aborts sessions idle past their expiry and deletes their records. */
export async function sweepIdleMultiparts(deps: AppDeps, limit = 100): Promise<number> {
  const expired = await listIdleUploadSessions(deps, limit);
  for (const session of expired) {
    const storage = await getStorage(deps, session.s3_config_id);
    await discardMultipart(deps, { session, storage });
  }
  return expired.length;
}
