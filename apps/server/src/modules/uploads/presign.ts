import { cleanFileName } from '@pastebox/contract/rules/file-name';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { CommitBody, PresignBody, PresignResult } from '@pastebox/contract/schemas/upload';
import type { AppDeps, Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { absoluteUrl } from '@/lib/public-url';
import { isDatabaseUnavailable } from '@/db/db-errors';
import { StorageUnavailableError } from '@/storage/storage-unavailable';
import {
  findFile,
  isEncryptedFile,
  isUniqueViolation,
  markFileReady,
  normaliseMimetype,
  presentManaged,
  type FileRow,
} from '@/modules/files/service';
import {
  getStorage,
  releaseQuietly,
  reserveBytes,
  settleReservation,
} from '@/modules/storage-configs/service';
import { assertWithinMaxSize, maxUploadBytes } from './limits';
import { uploadScope } from './ownership';
import { discardPendingUpload } from './pending-cleanup';
import { fileEncryptionOf, holdsSealedBlob, notSealedFile, storedType } from './sealed-upload';
import { assertSlugAvailable, dropPendingShare, insertShare, prepareOptions } from './share-record';
import { objectUrlOf, resolveUploadTarget } from './target';

/**
 * Presigned single PUT (SPEC §4, DESIGN §6 path 2): presign creates a pending record and
 * a URL the browser PUTs to (for local storage a signed URL to this server); commit checks
 * the object exists with the announced size (and, for an encrypted upload, begins with a
 * sealed blob's header, issue 35) and makes the share ready. A failed commit leaves
 * neither a record nor an object — except when the storage did not answer: then the
 * record stays (503) for a retried commit or the sweeper. The announced size is
 * reserved on the capacity ledger at presign (so parallel presigns cannot overshoot) and
 * counted as used at commit; a pending record dropped releases it (dropPendingShare).
 */

/** POST /api/s3/presign: checks size, quota and slug, then reserves the record. */
export async function presignUpload(
  deps: AppDeps,
  principal: Principal,
  body: PresignBody,
  linkBase: string,
): Promise<PresignResult> {
  assertWithinMaxSize(body.size, await maxUploadBytes(deps));
  const encryption = fileEncryptionOf(body);
  const target = await resolveUploadTarget(deps, principal, body);
  const reservation = await reserveBytes(deps, target.config.id, body.size);
  // The PUT is signed for this type: an encrypted file is opaque bytes from the start.
  const contentType = normaliseMimetype(storedType(encryption, body.mimetype));
  let row;
  try {
    const customSlug = await assertSlugAvailable(deps, body.slug);
    row = await insertShare(deps, {
      target,
      principal,
      mimetype: contentType,
      size: body.size,
      etag: null,
      status: 'pending',
      options: {
        customSlug,
        columns: { remark: null, password_hash: null, expires_at: null, max_views: 0, private: 0 },
      },
      encryption,
    });
  } catch (error) {
    await releaseQuietly(deps, reservation);
    throw error;
  }
  try {
    const signed = await target.driver.presignPut(target.key, {
      expiresInSeconds: target.config.signature_expires_in,
      contentType,
      size: body.size,
    });
    return {
      upload_url: absoluteUrl(linkBase, signed.url),
      headers: signed.headers,
      expires_at: signed.expiresAt.toISOString(),
      file_id: row.id,
      storage_path: target.key,
      s3_url: objectUrlOf(target, target.key),
      slug: row.slug,
      provider_type: target.config.provider_type,
      contentType,
    };
  } catch (error) {
    deps.logger.warn({ err: error, configId: target.config.id }, 'presigning a PUT failed');
    // Nothing was stored yet: the row can go whatever the storage said.
    await dropPendingShare(deps, row);
    throw error instanceof StorageUnavailableError ? error : new AppError('PRESIGN_FAILED');
  }
}

/** The pending record of a presigned upload, or UPLOAD_NOT_FOUND. */
async function findPending(deps: AppDeps, principal: Principal, body: CommitBody) {
  const row = await findFile(deps, body.file_id, uploadScope(principal));
  const mismatch =
    (body.s3_config_id && body.s3_config_id !== row?.s3_config_id) ||
    (body.storage_path && body.storage_path !== row?.storage_path);
  if (!row || row.status !== 'pending' || mismatch) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  return row;
}

/**
 * Checks the stored object against what was announced (else UPLOAD_INCOMPLETE) and, for an
 * encrypted upload, that it begins with a sealed blob's header (else VALIDATION_FAILED).
 */
async function verifyStoredObject(deps: AppDeps, row: FileRow, body: CommitBody) {
  const { driver } = await getStorage(deps, row.s3_config_id);
  const stat = await driver.stat(row.storage_path);
  const expected = body.size ?? row.size;
  if (!stat || stat.size !== expected || stat.size !== row.size) {
    throw new AppError(
      'UPLOAD_INCOMPLETE',
      stat
        ? `The stored object has ${stat.size} bytes, ${expected} were announced`
        : 'The object was not uploaded',
    );
  }
  assertWithinMaxSize(stat.size, await maxUploadBytes(deps));
  if (isEncryptedFile(row) && !(await holdsSealedBlob(driver, row.storage_path, stat.size))) {
    throw notSealedFile();
  }
  return stat;
}

/** The upload's row was no longer pending when the commit came to mark it ready. */
class NoLongerPending extends Error {}

/** POST /api/s3/commit: the object must exist with the stated size; options apply now. */
export async function commitUpload(
  deps: AppDeps,
  principal: Principal,
  body: CommitBody,
  linkBase: string,
): Promise<FileShare> {
  const row = await findPending(deps, principal, body);
  try {
    const stat = await verifyStoredObject(deps, row, body);
    const options = await prepareOptions(deps, {
      ...body,
      slug: body.slug && body.slug !== row.slug ? body.slug : null,
    });
    const changes = {
      ...options.columns,
      ...(options.customSlug ? { slug: options.customSlug } : {}),
      ...(body.filename ? { filename: cleanFileName(body.filename) } : {}),
      // An encrypted file keeps the opaque type it was presigned with.
      ...(body.mimetype && !isEncryptedFile(row)
        ? { mimetype: normaliseMimetype(body.mimetype) }
        : {}),
      etag: stat.etag,
      expires_at: options.columns.expires_at ?? null,
      updated_at: isoNow(deps.clock),
    };
    // Ready and counted together, or neither: a share marked ready whose bytes were not
    // counted would be discarded below while ready, and its object with it.
    await deps.db.transaction().execute(async (trx) => {
      const inTransaction = { ...deps, db: trx };
      if ((await markFileReady(inTransaction, row.id, changes)) === 0) {
        throw new NoLongerPending();
      }
      const reservation = { configId: row.s3_config_id, bytes: row.size };
      await settleReservation(inTransaction, reservation, stat.size);
    });
  } catch (error) {
    if (error instanceof NoLongerPending) {
      // Another commit of the same upload (a client's retry) made it ready meanwhile, or
      // it was deleted: either way the row and its object are not this call's to discard.
      throw new AppError('UPLOAD_NOT_FOUND');
    }
    if (error instanceof StorageUnavailableError || isDatabaseUnavailable(error)) {
      // The storage or the database did not answer: the object may be there and the row
      // is still pending. Both stay, for a retried commit or the sweeper (issue 34):
      // discarding now would delete an upload that a retry could still commit.
      throw error;
    }
    // The object is missing, has the wrong size, is no sealed blob under the flag, or the
    // options were refused: a failed commit leaves neither the object nor the record (SPEC
    // §4, DESIGN §6) — the record only once the object is gone, else 503 and the sweeper
    // retries.
    await discardPendingUpload(deps, await getStorage(deps, row.s3_config_id), row);
    throw isUniqueViolation(error) ? new AppError('SLUG_TAKEN') : error;
  }
  const ready = await findFile(deps, row.id, { kind: 'all' });
  if (!ready) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return presentManaged(deps, ready, linkBase);
}
