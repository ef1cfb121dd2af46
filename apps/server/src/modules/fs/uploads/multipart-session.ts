import type { MultipartInitResult } from '@pastebox/contract/schemas/fs';
import { AppError } from '@/lib/errors';
import { partCountFor, presentParts, SESSION_IDLE_MS } from '@/modules/uploads/service';
import type { CompletedPart, StorageDriver } from '@/storage/driver';
import type { FsUploadCaller } from './caller';
import { FsUploadSessionsRepo, type FsUploadSessionRow } from './sessions-repo';

/**
 * Multipart sessions into a mount (DESIGN §6, §7): found for their caller only, checked
 * against the path and key the client echoes, kept alive while parts arrive.
 */

/** What a part, complete or abort call names its session by (SPEC §7). */
export interface SessionRef {
  path: string;
  uploadId: string;
  key: string;
}

/** A session and the driver of the storage its parts go to. */
export interface OpenFsSession {
  session: FsUploadSessionRow;
  driver: StorageDriver;
}

export function sessionsRepo(caller: FsUploadCaller): FsUploadSessionsRepo {
  return new FsUploadSessionsRepo(caller.deps.db);
}

export function sessionExpiry(caller: FsUploadCaller): string {
  return new Date(caller.deps.clock.now().getTime() + SESSION_IDLE_MS).toISOString();
}

/**
 * The caller's session named by `ref`, or UPLOAD_NOT_FOUND: another caller's session, a
 * path or key that is not the session's, or a mount that no longer holds it all read as
 * "no such upload", so nobody learns of uploads that are not theirs. The path is checked
 * for this caller again (a key's basic_path may have changed since init).
 */
export async function openFsSession(
  caller: FsUploadCaller,
  ref: SessionRef,
): Promise<OpenFsSession> {
  const path = caller.fs.normalise(ref.path);
  const session = await sessionsRepo(caller).findByUploadId(ref.uploadId, caller.scope);
  if (!session || session.path !== path || session.storage_key !== ref.key) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  const resolved = await caller.fs.resolve(path);
  // A mount pointed at another storage since init no longer holds the session's upload
  // (nor the ledger its bytes are reserved on): the sweeper closes it there.
  const movedStorage =
    session.config_id !== null && session.config_id !== resolved.mount.storageConfigId;
  if (
    resolved.mount.id !== session.mount_id ||
    resolved.key !== session.storage_key ||
    movedStorage
  ) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  return { session, driver: resolved.driver };
}

/** Every part call and every resume extends an active session's life. */
export async function keepAlive(caller: FsUploadCaller, session: FsUploadSessionRow) {
  const expiresAt = sessionExpiry(caller);
  await sessionsRepo(caller).touch(session.id, expiresAt);
  session.expires_at = expiresAt;
}

/** The bytes part `partNumber` must hold: a whole part, or what is left for the last. */
export function expectedPartSize(session: FsUploadSessionRow, partNumber: number): number {
  const count = partCountFor(session.file_size, session.part_size);
  if (partNumber > count) {
    throw new AppError('VALIDATION_FAILED', `This upload has ${count} parts`, [
      { path: 'partNumber', message: `at most ${count}` },
    ]);
  }
  return partNumber < count
    ? session.part_size
    : session.file_size - (count - 1) * session.part_size;
}

/** Presigned URLs of the parts not stored yet, for storages the browser can PUT to. */
async function presignMissingParts(
  open: OpenFsSession,
  stored: CompletedPart[],
  expiresInSeconds: number,
) {
  const { session, driver } = open;
  // The local driver's part URLs lead back to this server: relaying through
  // multipart/part is the same trip, so local sessions get none (the contract says so).
  if (driver.kind !== 's3') {
    return [];
  }
  const done = new Set(stored.map((part) => part.partNumber));
  const count = partCountFor(session.file_size, session.part_size);
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter(
    (partNumber) => !done.has(partNumber),
  );
  return Promise.all(
    missing.map(async (partNumber) => {
      const signed = await driver.presignPart(
        session.storage_key,
        session.upload_id,
        partNumber,
        expiresInSeconds,
      );
      return { partNumber, url: signed.url };
    }),
  );
}

/** The session as init answers it: resume skips the parts already stored. */
export async function presentFsSession(
  open: OpenFsSession,
  stored: CompletedPart[],
  expiresInSeconds: number,
): Promise<MultipartInitResult> {
  const { session } = open;
  return {
    uploadId: session.upload_id,
    key: session.storage_key,
    path: session.path,
    partSize: session.part_size,
    partCount: partCountFor(session.file_size, session.part_size),
    uploadedParts: presentParts(stored),
    presignedUrls: await presignMissingParts(open, stored, expiresInSeconds),
  };
}
