import type { FsWriteResult, multipartCompleteBody } from '@pastebox/contract/schemas/fs';
import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { giveBackBytes, releaseQuietly, reserveBytes } from '@/modules/storage-configs/service';
import { checkParts } from '@/modules/uploads/service';
import { InvalidPartError, UploadNotFoundError, type StorageDriver } from '@/storage/driver';
import type { Reservation } from '@/vfs/capacity';
import type { FsUploadCaller } from './caller';
import { settleCompletedSession } from './multipart-reservation';
import { openFsSession } from './multipart-session';
import type { FsUploadSessionRow } from './sessions-repo';

type MultipartCompleteBody = z.infer<typeof multipartCompleteBody>;

/** The session's stored parts; UPLOAD_NOT_FOUND when the storage no longer has its upload. */
async function storedParts(driver: StorageDriver, session: FsUploadSessionRow) {
  try {
    return await driver.listParts(session.storage_key, session.upload_id);
  } catch (error) {
    throw error instanceof UploadNotFoundError ? new AppError('UPLOAD_NOT_FOUND') : error;
  }
}

/**
 * The error a failed storage complete answers. An upload that is gone — completed or
 * aborted by another call meanwhile, even while this one read its parts — is
 * UPLOAD_NOT_FOUND, never a 500.
 */
async function completeFailure(
  driver: StorageDriver,
  session: FsUploadSessionRow,
  error: unknown,
): Promise<unknown> {
  if (error instanceof InvalidPartError) {
    return new AppError('UPLOAD_INCOMPLETE', error.message);
  }
  if (error instanceof UploadNotFoundError) {
    return new AppError('UPLOAD_NOT_FOUND');
  }
  try {
    await driver.listParts(session.storage_key, session.upload_id);
  } catch (gone) {
    if (gone instanceof UploadNotFoundError) {
      return new AppError('UPLOAD_NOT_FOUND');
    }
  }
  return error;
}

/**
 * What the file adds past what its session holds: nothing for a session that reserved its
 * size at init; for one begun before migration 014 (which reserved nothing), the bytes it
 * adds, reserved now — a refusal (507) comes before the parts become the file, so the old
 * file stays whole.
 */
async function reserveShortfall(
  caller: FsUploadCaller,
  session: FsUploadSessionRow,
  configId: string,
  replaced: number,
): Promise<Reservation | null> {
  const shortfall = session.file_size - replaced - session.reserved_bytes;
  return shortfall > 0 ? reserveBytes(caller.deps, configId, shortfall, session.file_size) : null;
}

/**
 * POST fs/multipart/complete: every part 1..N stored with the ETag the client read and
 * together the announced size (else UPLOAD_INCOMPLETE, the session kept so the client can
 * send what is missing); then the file is whole and the mount's listings are refreshed.
 *
 * The session's reservation is settled in the transaction that deletes the session, so a
 * repeated or parallel complete counts the file once. The size of the file it replaces is
 * read before the parts become the file (after, the key holds the new one), and before the
 * parts are listed: a parallel complete that already made the file has ended the upload,
 * so this one stops at UPLOAD_NOT_FOUND instead of counting the new file as the replaced
 * one (S3 ends it as it makes the object; local storage removes the upload's folder just
 * after, a window left to the next recount). A complete racing its own abort may leave
 * the file uncounted until the next recount.
 */
export async function completeFsMultipart(
  caller: FsUploadCaller,
  body: MultipartCompleteBody,
): Promise<FsWriteResult> {
  const { session, driver } = await openFsSession(caller, body);
  if (body.fileSize !== undefined && body.fileSize !== session.file_size) {
    throw new AppError(
      'UPLOAD_INCOMPLETE',
      `This upload was started for ${session.file_size} bytes`,
    );
  }
  // A lock taken since the upload began refuses it before the parts become the file.
  await caller.fs.assertWritable(session.path);
  const resolved = await caller.fs.resolve(session.path);
  const configId = session.config_id ?? resolved.mount.storageConfigId;
  // Before the parts are listed: an upload still listed after this was not yet the file.
  const replaced = (await driver.stat(session.storage_key))?.size ?? 0;
  const parts = checkParts(body.parts, await storedParts(driver, session), {
    partSize: session.part_size,
    totalSize: session.file_size,
  });
  const extra = await reserveShortfall(caller, session, configId, replaced);
  try {
    await driver.completeMultipart(session.storage_key, session.upload_id, parts);
  } catch (error) {
    if (extra) {
      await releaseQuietly(caller.deps, extra);
    }
    throw await completeFailure(driver, session, error);
  }
  const counted = await settleCompletedSession(caller.deps, session, {
    configId,
    extra: extra?.bytes ?? 0,
    written: session.file_size,
    replaced,
  });
  const stat = await driver.stat(session.storage_key);
  if (!stat || stat.size !== session.file_size) {
    await driver.delete([session.storage_key]);
    // What this call counted goes with the object (the replaced file went before it).
    if (counted) {
      await giveBackBytes(caller.deps, configId, session.file_size);
    }
    throw new AppError('UPLOAD_INCOMPLETE', 'The completed file does not have the announced size');
  }
  await caller.fs.touched(session.path);
  return { path: session.path, size: stat.size, etag: stat.etag };
}
