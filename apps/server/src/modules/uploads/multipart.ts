import type { FileShare } from '@pastebox/contract/schemas/file';
import type {
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartSession,
  PartUrlBody,
  PartUrlResult,
} from '@pastebox/contract/schemas/upload';
import type { AppDeps, Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { absoluteUrl } from '@/lib/public-url';
import {
  deleteUploadSession,
  findFile,
  insertUploadSession,
  isEncryptedFile,
  markFileReady,
  presentManaged,
  type UploadSessionRow,
} from '@/modules/files/service';
import { InvalidPartError, type ObjectStat } from '@/storage/driver';
import { StorageUnavailableError } from '@/storage/storage-unavailable';
import { releaseQuietly, reserveBytes, settleReservation } from '@/modules/storage-configs/service';
import { assertWithinMaxSize, maxUploadBytes } from './limits';
import { checkParts, partCountFor, partSizeFor } from './multipart-parts';
import {
  discardCompleted,
  keepAlive,
  openSession,
  presentSession,
  sessionExpiry,
  type OpenSession,
} from './multipart-session';
import { fileEncryptionOf, holdsSealedBlob, notSealedFile } from './sealed-upload';
import { dropPendingShare, insertShare, prepareOptions } from './share-record';
import { resolveUploadTarget } from './target';

/**
 * Multipart uploads (DESIGN §6 path 3): init → part URLs (presigned for S3, signed URLs
 * to this server for local) → complete. Sessions live in the database, so an interrupted
 * upload resumes from the parts already stored; idle ones are aborted by the sweeper.
 */

/** POST /api/upload/multipart/init: checks, pending record, storage upload, session. */
export async function initMultipart(
  deps: AppDeps,
  principal: Principal,
  body: MultipartInitBody,
): Promise<MultipartSession> {
  assertWithinMaxSize(body.size, await maxUploadBytes(deps));
  const encryption = fileEncryptionOf(body);
  const target = await resolveUploadTarget(deps, principal, body);
  // Reserved until complete (counted as used) or abort (released), DESIGN §5.
  const reservation = await reserveBytes(deps, target.config.id, body.size);
  let row;
  try {
    row = await insertShare(deps, {
      target,
      principal,
      mimetype: body.mimetype,
      size: body.size,
      etag: null,
      status: 'pending',
      options: await prepareOptions(deps, body),
      encryption,
    });
  } catch (error) {
    await releaseQuietly(deps, reservation);
    throw error;
  }
  let uploadId: string;
  try {
    ({ uploadId } = await target.driver.createMultipart(target.key, { contentType: row.mimetype }));
  } catch (error) {
    deps.logger.warn({ err: error, configId: target.config.id }, 'creating a multipart failed');
    await dropPendingShare(deps, row);
    // An unreachable storage is 503 like everywhere (the client may retry); other refusals
    // (credentials, a missing bucket) stay 502 MULTIPART_INIT_FAILED.
    throw error instanceof StorageUnavailableError ? error : new AppError('MULTIPART_INIT_FAILED');
  }
  const now = isoNow(deps.clock);
  const session: UploadSessionRow = {
    id: newId(),
    file_id: row.id,
    s3_config_id: target.config.id,
    storage_path: target.key,
    upload_id: uploadId,
    part_size: partSizeFor(body.size),
    total_size: body.size,
    created_by: row.created_by,
    created_at: now,
    updated_at: now,
    expires_at: sessionExpiry(deps),
  };
  try {
    await insertUploadSession(deps, session);
  } catch (error) {
    // The sweeper finds unfinished uploads through their sessions: one that cannot be
    // written (the database restarting) would leave this upload named by nothing, so it is
    // aborted now. The pending row, if it cannot go either, is swept after a day.
    await target.driver.abortMultipart(target.key, uploadId).catch((abortError: unknown) => {
      deps.logger.warn(
        { err: abortError, fileId: row.id },
        'aborting an unrecorded multipart failed',
      );
    });
    await dropPendingShare(deps, row).catch(() => undefined);
    throw error;
  }
  return presentSession(session, row.slug, []);
}

/** POST /api/upload/multipart/part-url: where to PUT each asked part. */
export async function partUrls(
  deps: AppDeps,
  principal: Principal,
  body: PartUrlBody,
  linkBase: string,
): Promise<PartUrlResult> {
  const { session, storage } = await openSession(deps, principal, body.file_id, body.upload_id);
  const count = partCountFor(session.total_size, session.part_size);
  const numbers = [...new Set(body.part_numbers ?? [body.part_number ?? 1])];
  if (numbers.some((number) => number > count)) {
    throw new AppError('VALIDATION_FAILED', `This upload has ${count} parts`);
  }
  await keepAlive(deps, session);
  const expiresIn = storage.config.signature_expires_in;
  const urls = await Promise.all(
    numbers.map(async (partNumber) => {
      const signed = await storage.driver.presignPart(
        session.storage_path,
        session.upload_id,
        partNumber,
        expiresIn,
      );
      return {
        part_number: partNumber,
        url: absoluteUrl(linkBase, signed.url),
        method: signed.method,
        headers: signed.headers,
        expires_at: signed.expiresAt.toISOString(),
      };
    }),
  );
  return { urls };
}

/** GET /api/upload/multipart/{file_id}/parts: the session and the parts stored so far. */
export async function storedParts(
  deps: AppDeps,
  principal: Principal,
  fileId: string,
): Promise<MultipartSession> {
  const { session, storage } = await openSession(deps, principal, fileId);
  const stored = await storage.driver.listParts(session.storage_path, session.upload_id);
  await keepAlive(deps, session);
  const file = await findFile(deps, fileId, { kind: 'all' });
  return presentSession(session, file?.slug ?? '', stored);
}

/**
 * The completed object, checked: the announced size, and for an encrypted upload a sealed
 * blob's header (issue 35). Refused, nothing of the upload stays: object, session, row.
 */
async function completedObject(deps: AppDeps, open: OpenSession): Promise<ObjectStat> {
  const { session, storage } = open;
  const stat = await storage.driver.stat(session.storage_path);
  if (!stat || stat.size !== session.total_size) {
    await discardCompleted(deps, open);
    throw new AppError(
      'UPLOAD_INCOMPLETE',
      'The completed object does not have the announced size',
    );
  }
  const file = await findFile(deps, session.file_id, { kind: 'all' });
  if (
    file &&
    isEncryptedFile(file) &&
    !(await holdsSealedBlob(storage.driver, session.storage_path, stat.size))
  ) {
    await discardCompleted(deps, open);
    throw notSealedFile();
  }
  return stat;
}

/** POST /api/upload/multipart/complete: verifies the parts, completes, marks ready. */
export async function completeMultipart(
  deps: AppDeps,
  principal: Principal,
  body: MultipartCompleteBody,
  linkBase: string,
): Promise<FileShare> {
  const open = await openSession(deps, principal, body.file_id, body.upload_id);
  const { session, storage } = open;
  const stored = await storage.driver.listParts(session.storage_path, session.upload_id);
  const parts = checkParts(body.parts, stored, {
    partSize: session.part_size,
    totalSize: session.total_size,
  });
  try {
    await storage.driver.completeMultipart(session.storage_path, session.upload_id, parts);
  } catch (error) {
    if (error instanceof InvalidPartError) {
      throw new AppError('UPLOAD_INCOMPLETE', error.message);
    }
    throw error;
  }
  const stat = await completedObject(deps, open);
  const now = isoNow(deps.clock);
  // Ready, counted and the session gone together, or none of it: a failure in between
  // would leave a reservation never settled, or a session naming a finished upload.
  await deps.db.transaction().execute(async (trx) => {
    const inTransaction = { ...deps, db: trx };
    const changes = { etag: stat.etag, updated_at: now };
    if ((await markFileReady(inTransaction, session.file_id, changes)) > 0) {
      const reservation = { configId: session.s3_config_id, bytes: Number(session.total_size) };
      await settleReservation(inTransaction, reservation, stat.size);
    }
    await deleteUploadSession(inTransaction, session.id);
  });
  const ready = await findFile(deps, session.file_id, { kind: 'all' });
  if (!ready) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return presentManaged(deps, ready, linkBase);
}

// Callers (the form, and the URL upload) start, complete and abort from this one module.
export { abortMultipart } from './multipart-session';
