import type { MultipartInitResult, multipartInitBody } from '@pastebox/contract/schemas/fs';
import type { z } from 'zod';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { partSizeFor } from '@/modules/uploads/service';
import { UploadNotFoundError } from '@/storage/driver';
import type { FsUploadCaller } from './caller';
import { assertUploadFits, resolveDestination, type UploadDestination } from './destination';
import { dropSession, insertReservedSession } from './multipart-reservation';
import {
  keepAlive,
  openFsSession,
  presentFsSession,
  sessionExpiry,
  sessionsRepo,
  type OpenFsSession,
  type SessionRef,
} from './multipart-session';
import type { FsUploadSessionRow } from './sessions-repo';

/**
 * Multipart uploads into a mount (SPEC §7, §9; DESIGN §6 path 3): init → parts (relayed
 * through multipart/part — see multipart-part.ts — or PUT to presigned S3 part URLs) →
 * complete; abort cancels.
 * Sessions live in fs_upload_sessions, so an upload resumes on any instance: an init for
 * the same file and size by the same caller answers the session it already has. Each
 * session holds its announced size on the capacity ledger from init until it is completed
 * or goes (multipart-reservation.ts).
 */

export { completeFsMultipart } from './multipart-complete';

type MultipartInitBody = z.infer<typeof multipartInitBody>;

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
  // One begun before the mount was pointed at another storage is not there: the sweeper
  // aborts it in its own storage.
  if (!session || (session.config_id ?? destination.config.id) !== destination.config.id) {
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
    await dropSession(caller.deps, session);
    return null;
  }
}

/**
 * Starts the storage's multipart upload and records its session with its reservation of
 * the whole announced size. Refused (507) when it does not fit: the storage's upload is
 * aborted and no session is left. The storage upload comes first since the row needs its
 * id, and no transaction is held open across a storage call.
 */
export async function startSession(
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
  const session: FsUploadSessionRow & { config_id: string } = {
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
    config_id: destination.mount.storageConfigId,
    reserved_bytes: fileSize,
  };
  try {
    await insertReservedSession(caller.deps, session);
  } catch (error) {
    await destination.driver.abortMultipart(destination.key, uploadId).catch((failure: unknown) => {
      caller.deps.logger.warn({ err: failure }, 'aborting a refused multipart upload failed');
    });
    throw error;
  }
  return { session, driver: destination.driver };
}

/** POST fs/multipart/init: checks, then a new session or the one to resume. */
export async function initFsMultipart(
  caller: FsUploadCaller,
  body: MultipartInitBody,
): Promise<MultipartInitResult> {
  const { fileSize } = body;
  const destination = await resolveDestination(caller, body.path, body.filename);
  const expiresIn = destination.config.signature_expires_in;
  // A resumed session's bytes are reserved already: it is not measured against them again.
  const resumed = await resumable(caller, destination, fileSize);
  if (resumed) {
    return presentFsSession(resumed.open, resumed.stored, expiresIn);
  }
  await assertUploadFits(caller, destination, fileSize);
  const open = await startSession(caller, destination, body, fileSize);
  return presentFsSession(open, [], expiresIn);
}

/**
 * Cancels the storage upload (its parts go), then deletes the session and releases its
 * reservation together — only if the row is still there, so racing callers release once.
 * With `expiredBy` (the sweeper), a session kept alive meanwhile stays. A storage that
 * fails to abort keeps the session, so the next pass tries again.
 */
export async function discardFsSession(
  deps: AppDeps,
  open: OpenFsSession,
  expiredBy?: string,
): Promise<void> {
  try {
    await open.driver.abortMultipart(open.session.storage_key, open.session.upload_id);
  } catch (error) {
    if (!(error instanceof UploadNotFoundError)) {
      throw error;
    }
  }
  await dropSession(deps, open.session, expiredBy);
}

/** POST fs/multipart/abort. */
export async function abortFsMultipart(
  caller: FsUploadCaller,
  ref: SessionRef,
): Promise<{ aborted: boolean }> {
  await discardFsSession(caller.deps, await openFsSession(caller, ref));
  return { aborted: true };
}
