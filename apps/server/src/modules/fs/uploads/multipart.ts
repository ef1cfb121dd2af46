import type {
  FsWriteResult,
  MultipartInitResult,
  multipartCompleteBody,
  multipartInitBody,
} from '@pastebox/contract/schemas/fs';
import type { z } from 'zod';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { checkParts, partSizeFor } from '@/modules/uploads/service';
import { InvalidPartError, UploadNotFoundError } from '@/storage/driver';
import type { FsUploadCaller } from './caller';
import { releaseQuietly, reserveBytes, settleReservation } from '@/modules/storage-configs/service';
import { assertUploadFits, resolveDestination, type UploadDestination } from './destination';
import {
  keepAlive,
  openFsSession,
  presentFsSession,
  sessionExpiry,
  sessionsRepo,
  type OpenFsSession,
  type SessionRef,
} from './multipart-session';
import type { FsUploadSessionRow, FsUploadSessionsRepo } from './sessions-repo';

/**
 * Multipart uploads into a mount (SPEC §7, §9; DESIGN §6 path 3): init → parts (relayed
 * through multipart/part — see multipart-part.ts — or PUT to presigned S3 part URLs) →
 * complete; abort cancels.
 * Sessions live in fs_upload_sessions, so an upload resumes on any instance: an init for
 * the same file and size by the same caller answers the session it already has.
 */

type MultipartInitBody = z.infer<typeof multipartInitBody>;
type MultipartCompleteBody = z.infer<typeof multipartCompleteBody>;

/** A stored session to resume, or null when there is none (or its storage forgot it). */
async function resumable(caller: FsUploadCaller, destination: UploadDestination, fileSize: number) {
  const repo = sessionsRepo(caller);
  const session = await repo.findResumable({
    mountId: destination.mount.id,
    path: destination.path,
    fileSize,
    createdBy: caller.createdBy,
    nowIso: isoNow(caller.deps.clock),
  });
  if (!session) {
    return null;
  }
  const open = { session, driver: destination.driver };
  try {
    const stored = await destination.driver.listParts(session.storage_key, session.upload_id);
    await keepAlive(caller, session);
    return { open, stored };
  } catch (error) {
    if (!(error instanceof UploadNotFoundError)) {
      throw error;
    }
    await repo.delete(session.id);
    return null;
  }
}

/** Starts the storage's multipart upload and records its session. */
async function startSession(
  caller: FsUploadCaller,
  destination: UploadDestination,
  body: MultipartInitBody,
  fileSize: number,
): Promise<OpenFsSession> {
  let uploadId: string;
  try {
    ({ uploadId } = await destination.driver.createMultipart(destination.key, {
      ...(body.contentType ? { contentType: body.contentType } : {}),
    }));
  } catch (error) {
    caller.deps.logger.warn({ err: error, mountId: destination.mount.id }, 'multipart init failed');
    throw new AppError('MULTIPART_INIT_FAILED');
  }
  const session: FsUploadSessionRow = {
    id: newId(),
    mount_id: destination.mount.id,
    path: destination.path,
    storage_key: destination.key,
    upload_id: uploadId,
    content_type: body.contentType ?? null,
    file_size: fileSize,
    part_size: partSizeFor(fileSize),
    created_by: caller.createdBy,
    created_at: isoNow(caller.deps.clock),
    expires_at: sessionExpiry(caller),
  };
  await sessionsRepo(caller).insert(session);
  return { session, driver: destination.driver };
}

/** POST fs/multipart/init: checks, then a new session or the one to resume. */
export async function initFsMultipart(
  caller: FsUploadCaller,
  body: MultipartInitBody,
): Promise<MultipartInitResult> {
  const { fileSize } = body;
  const destination = await resolveDestination(caller, body.path, body.filename);
  await assertUploadFits(caller, destination, fileSize);
  const expiresIn = destination.config.signature_expires_in;
  const resumed = await resumable(caller, destination, fileSize);
  if (resumed) {
    return presentFsSession(resumed.open, resumed.stored, expiresIn);
  }
  const open = await startSession(caller, destination, body, fileSize);
  return presentFsSession(open, [], expiresIn);
}

/**
 * POST fs/multipart/complete: every part 1..N stored with the ETag the client read and
 * together the announced size (else UPLOAD_INCOMPLETE, the session kept so the client can
 * send what is missing); then the file is whole and the mount's listings are refreshed.
 */
export async function completeFsMultipart(
  caller: FsUploadCaller,
  body: MultipartCompleteBody,
): Promise<FsWriteResult> {
  const open = await openFsSession(caller, body);
  const { session, driver } = open;
  if (body.fileSize !== undefined && body.fileSize !== session.file_size) {
    throw new AppError(
      'UPLOAD_INCOMPLETE',
      `This upload was started for ${session.file_size} bytes`,
    );
  }
  // A lock taken since the upload began refuses it before the parts become the file.
  await caller.fs.assertWritable(session.path);
  const stored = await driver.listParts(session.storage_key, session.upload_id);
  const parts = checkParts(body.parts, stored, {
    partSize: session.part_size,
    totalSize: session.file_size,
  });
  // Reserved before the parts become the file, so a refusal (507) leaves the old file whole.
  const resolved = await caller.fs.resolve(session.path);
  const replaced = (await driver.stat(session.storage_key))?.size ?? 0;
  const configId = resolved.mount.storageConfigId;
  const reservation = await reserveBytes(
    caller.deps,
    configId,
    Math.max(0, session.file_size - replaced),
    session.file_size,
  );
  try {
    await driver.completeMultipart(session.storage_key, session.upload_id, parts);
  } catch (error) {
    await releaseQuietly(caller.deps, reservation);
    throw error instanceof InvalidPartError
      ? new AppError('UPLOAD_INCOMPLETE', error.message)
      : error;
  }
  await settleReservation(caller.deps, reservation, session.file_size, replaced);
  await sessionsRepo(caller).delete(session.id);
  const stat = await driver.stat(session.storage_key);
  if (!stat || stat.size !== session.file_size) {
    await driver.delete([session.storage_key]);
    throw new AppError('UPLOAD_INCOMPLETE', 'The completed file does not have the announced size');
  }
  await caller.fs.touched(session.path);
  return { path: session.path, size: stat.size, etag: stat.etag };
}

/** Cancels the storage upload (its parts go) and forgets the session. */
export async function discardFsSession(repo: FsUploadSessionsRepo, open: OpenFsSession) {
  try {
    await open.driver.abortMultipart(open.session.storage_key, open.session.upload_id);
  } catch (error) {
    if (!(error instanceof UploadNotFoundError)) {
      throw error;
    }
  }
  await repo.delete(open.session.id);
}

/** POST fs/multipart/abort. */
export async function abortFsMultipart(
  caller: FsUploadCaller,
  ref: SessionRef,
): Promise<{ aborted: boolean }> {
  await discardFsSession(sessionsRepo(caller), await openFsSession(caller, ref));
  return { aborted: true };
}
