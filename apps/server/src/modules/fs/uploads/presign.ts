import type {
  FsPresignResult,
  FsWriteResult,
  fsPresignBody,
  fsPresignCommitBody,
} from '@pastebox/contract/schemas/fs';
import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { absoluteUrl } from '@/lib/public-url';
import { stripQuotes } from '@/storage/streams';
import type { FsUploadCaller } from './caller';
import { assertUploadFits, resolveDestination } from './destination';
import {
  dropPresignReservation,
  openPresignReservation,
  settlePresignedUpload,
} from './presign-reservation';

/**
 * Presigned single PUT into a mount (SPEC §4 "Presigned upload", §7; DESIGN §6 path 2):
 * presign answers a URL the browser PUTs the whole file to — S3's own, or for a local
 * mount a short-lived signed URL to this server, as the share presign does — and commit
 * checks the object arrived with the announced size before the mount's listings are
 * refreshed. The signed URL itself carries the key and the size (S3 signs Content-Length,
 * the local endpoint its max size), so the stored object can never be larger than what
 * presign allowed; that size is reserved on the capacity ledger at presign and settled by
 * the commit, or released by the sweeper (presign-reservation.ts).
 */

type FsPresignBody = z.infer<typeof fsPresignBody>;
type FsPresignCommitBody = z.infer<typeof fsPresignCommitBody>;

/**
 * POST fs/presign: checks the path and the max upload size, reserves the size on the
 * capacity ledger (507 INSUFFICIENT_STORAGE before anything is signed), then signs.
 */
export async function presignFsUpload(
  caller: FsUploadCaller,
  body: FsPresignBody,
  linkBase: string,
): Promise<FsPresignResult> {
  const { fileSize } = body;
  const destination = await resolveDestination(caller, body.path, body.fileName);
  await assertUploadFits(caller, destination, fileSize);
  const reservation = await openPresignReservation(caller, destination, fileSize);
  try {
    const signed = await destination.driver.presignPut(destination.key, {
      expiresInSeconds: destination.config.signature_expires_in,
      ...(body.contentType ? { contentType: body.contentType } : {}),
      size: fileSize,
    });
    return {
      uploadUrl: absoluteUrl(linkBase, signed.url),
      method: 'PUT',
      headers: signed.headers,
      targetPath: destination.path,
      key: destination.key,
      expiresAt: signed.expiresAt.toISOString(),
    };
  } catch (error) {
    caller.deps.logger.warn({ err: error, mountId: destination.mount.id }, 'fs presign failed');
    await dropPresignReservation(caller.deps, reservation);
    throw new AppError('PRESIGN_FAILED');
  }
}

/**
 * POST fs/presign/commit: the object at the target must exist with the announced size
 * (and ETag, when the client read one); then the write is recorded (FileSystem.touched).
 * A mismatch answers UPLOAD_INCOMPLETE and leaves the object alone: it may be the file
 * that was there before, which a failed upload must not take away.
 */
export async function commitFsPresign(
  caller: FsUploadCaller,
  body: FsPresignCommitBody,
): Promise<FsWriteResult> {
  const path = caller.fs.normalise(body.targetPath);
  const resolved = await caller.fs.resolve(path);
  if (resolved.key === '' || resolved.key !== body.key) {
    throw new AppError('VALIDATION_FAILED', 'The key is not the one presign gave for this path', [
      { path: 'key', message: 'echo the key presign answered' },
    ]);
  }
  // The bytes went behind the file system's back: a lock taken since presign refuses the record.
  await caller.fs.assertWritable(path);
  const { fileSize } = body;
  const stat = await resolved.driver.stat(resolved.key);
  if (!stat || stat.size !== fileSize) {
    throw new AppError(
      'UPLOAD_INCOMPLETE',
      stat
        ? `The stored object has ${stat.size} bytes, ${fileSize} were announced`
        : 'The object was not uploaded',
    );
  }
  if (body.etag && stat.etag && stripQuotes(body.etag) !== stat.etag) {
    throw new AppError('UPLOAD_INCOMPLETE', 'The stored object differs from the one sent');
  }
  // Presign reserved the size; settled now, once, whatever number of commits arrive.
  await settlePresignedUpload(
    caller,
    { configId: resolved.mount.storageConfigId, key: resolved.key },
    stat,
    () => resolved.driver.delete([resolved.key]),
  );
  await caller.fs.touched(path);
  return { path, size: stat.size, etag: stat.etag };
}
