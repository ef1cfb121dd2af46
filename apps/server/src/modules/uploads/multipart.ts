import type { FileShare } from '@pastebox/contract/schemas/file';
import type {
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartSession,
  PartUrlBody,
  PartUrlResult,
} from '@pastebox/contract/schemas/upload';
import type { AppDeps, Principal } from '../../context';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { InvalidPartError, UploadNotFoundError } from '../../storage/driver';
import { getStorage, type StorageHandle } from '../../storage/registry';
import { presentManaged } from '../files/management';
import { FilesRepo } from '../files/repo';
import { assertQuota, assertWithinMaxSize, maxUploadBytes } from './limits';
import { checkParts, partCountFor, partSizeFor, presentParts } from './multipart-parts';
import { inScope, uploadScope } from './ownership';
import { UploadSessionsRepo, type UploadSessionRow } from './sessions-repo';
import { discardObject, insertShare, prepareOptions } from './share-record';
import { resolveUploadTarget } from './target';

/**
 * Multipart uploads (DESIGN §6 path 3): init → part URLs (presigned for S3, signed URLs
 * to this server for local) → complete. Sessions live in the database, so an interrupted
 * upload resumes from the parts already stored; idle ones are aborted by the sweeper.
 */

/** An idle session lives this long; every part-URL or parts call extends it. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;

function sessionExpiry(deps: AppDeps): string {
  return new Date(deps.clock.now().getTime() + SESSION_IDLE_MS).toISOString();
}

/** POST /api/upload/multipart/init: checks, pending record, storage upload, session. */
export async function initMultipart(
  deps: AppDeps,
  principal: Principal,
  body: MultipartInitBody,
): Promise<MultipartSession> {
  assertWithinMaxSize(body.size, await maxUploadBytes(deps));
  const target = await resolveUploadTarget(deps, principal, body);
  await assertQuota(deps, target.config, body.size);
  const row = await insertShare(deps, {
    target,
    principal,
    mimetype: body.mimetype,
    size: body.size,
    etag: null,
    status: 'pending',
    options: await prepareOptions(deps, body),
  });
  let uploadId: string;
  try {
    ({ uploadId } = await target.driver.createMultipart(target.key, { contentType: row.mimetype }));
  } catch (error) {
    deps.logger.warn({ err: error, configId: target.config.id }, 'creating a multipart failed');
    await new FilesRepo(deps.db).delete(row.id, { kind: 'all' });
    throw new AppError('MULTIPART_INIT_FAILED');
  }
  const now = deps.clock.now().toISOString();
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
  await new UploadSessionsRepo(deps.db).insert(session);
  return presentSession(session, row.slug, []);
}

function presentSession(
  session: UploadSessionRow,
  slug: string,
  stored: Parameters<typeof presentParts>[0],
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

interface OpenSession {
  session: UploadSessionRow;
  storage: StorageHandle;
}

/** The caller's session for a file (and upload id, when given), or UPLOAD_NOT_FOUND. */
async function openSession(
  deps: AppDeps,
  principal: Principal,
  fileId: string,
  uploadId?: string,
): Promise<OpenSession> {
  const session = await new UploadSessionsRepo(deps.db).findByFileId(fileId);
  const mine = session && inScope(uploadScope(principal), session.created_by);
  if (!session || !mine || (uploadId !== undefined && session.upload_id !== uploadId)) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  return { session, storage: await getStorage(deps, session.s3_config_id) };
}

async function keepAlive(deps: AppDeps, session: UploadSessionRow): Promise<void> {
  const expiresAt = sessionExpiry(deps);
  await new UploadSessionsRepo(deps.db).touch(
    session.id,
    deps.clock.now().toISOString(),
    expiresAt,
  );
  session.expires_at = expiresAt;
}

/** POST /api/upload/multipart/part-url: where to PUT each asked part. */
export async function partUrls(
  deps: AppDeps,
  principal: Principal,
  body: PartUrlBody,
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
        url: signed.url,
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
  const file = await new FilesRepo(deps.db).findById(fileId, { kind: 'all' });
  return presentSession(session, file?.slug ?? '', stored);
}

/** Drops everything an upload made: the storage upload, the object, the session, the row. */
async function discardMultipart(deps: AppDeps, open: OpenSession): Promise<void> {
  const { session, storage } = open;
  try {
    await storage.driver.abortMultipart(session.storage_path, session.upload_id);
  } catch (error) {
    if (!(error instanceof UploadNotFoundError)) {
      deps.logger.warn({ err: error, fileId: session.file_id }, 'aborting a multipart failed');
    }
  }
  await discardObject(deps, storage, session.storage_path);
  // The session goes with the row (ON DELETE CASCADE).
  await new FilesRepo(deps.db).delete(session.file_id, { kind: 'all' });
}

/** POST /api/upload/multipart/complete: verifies the parts, completes, marks ready. */
export async function completeMultipart(
  deps: AppDeps,
  principal: Principal,
  body: MultipartCompleteBody,
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
  const stat = await storage.driver.stat(session.storage_path);
  if (!stat || stat.size !== session.total_size) {
    await discardMultipart(deps, open);
    throw new AppError(
      'UPLOAD_INCOMPLETE',
      'The completed object does not have the announced size',
    );
  }
  const now = deps.clock.now().toISOString();
  await new FilesRepo(deps.db).markReady(session.file_id, { etag: stat.etag, updated_at: now });
  await new UploadSessionsRepo(deps.db).delete(session.id);
  const ready = await new FilesRepo(deps.db).findById(session.file_id, { kind: 'all' });
  if (!ready) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return presentManaged(deps, ready);
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
  const expired = await new UploadSessionsRepo(deps.db).listExpired(
    deps.clock.now().toISOString(),
    limit,
  );
  for (const session of expired) {
    const storage = await getStorage(deps, session.s3_config_id);
    await discardMultipart(deps, { session, storage });
  }
  return expired.length;
}
