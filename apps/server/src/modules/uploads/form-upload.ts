import type { IncomingMessage } from 'node:http';
import type { FileInfo } from 'busboy';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { assertCleanText } from '@/lib/input-rules';
import {
  findFile,
  presentManaged,
  type FileWithProvider,
  type NewFileRow,
} from '@/modules/files/service';
import { capacityLedger } from '@/modules/storage-configs/service';
import { holdQuota, releaseQuotaHold, type QuotaHold } from '@/modules/quotas/service';
import { SEALED_BLOB_MIN_BYTES } from '@/shares/sealed-blob';
import { reservedWrite } from '@/vfs/capacity';
import { assertQuota, assertWithinMaxSize, maxUploadBytes } from './limits';
import { guardedFileBody, readFileForm, storeFailure, type FilePart } from './form-stream';
import {
  encryptionFrom,
  FIELDS_BEFORE_FILE,
  numberField,
  shareOptionsFrom,
  type FormFields,
} from './form-fields';
import { assertSlugAvailable, prepareOptions } from './share-record';
import { quotaGuardedLedger } from './quota-ledger';
import { fileEncryptionOf, notSealedFile, refuseUnsealedStream, storedType } from './sealed-upload';
import { resolveUploadTarget, type UploadTarget } from './target';
import { abandonUploadIntent, completeUploadIntent, recordUploadIntent } from './upload-intent';

/**
 * POST /api/upload (SPEC §7, DESIGN §6 path 1): busboy reads the Node request stream and
 * the file part flows straight into driver.put — never buffered. The max upload size is
 * enforced while streaming; an over-size or refused upload leaves no record and no object.
 * Fields must precede the file part for s3_config_id and path (they choose where the bytes
 * go) and for encrypted and encrypted_meta (a sealed blob's header is checked as it
 * streams, issue 35); the share options may come after it, as they apply at the end. A
 * pending row (the intent record, upload-intent.ts) names the key before the first byte is
 * stored and turns ready after, so no failure orphans the object. The bytes are reserved on
 * the capacity ledger before they are stored (the declared `size`, else block by block as
 * they stream, DESIGN §5); a form that fails after the write gives them back with the
 * object.
 */

interface StoredPart {
  target: UploadTarget;
  /** The pending row written before the first byte (upload-intent.ts). */
  intent: NewFileRow;
  size: number;
  etag: string | null;
}

/**
 * What a caller that receives uploads on someone's behalf (a file request, issue 33) adds:
 * fields it decides itself, whatever the form says, and a check before the first byte.
 */
export interface FormUploadHooks {
  /** Replace the form's own fields of these names (where the file goes, private…). */
  fixedFields: FormFields;
  /** A per-file limit below the server's own. */
  maxBytes?: number;
  /** Runs once the file part begins, before any byte is stored: throwing refuses it. */
  admit(fields: FormFields, info: FileInfo): Promise<void>;
}

interface UploadLimits {
  maxBytes: number;
  /** Request Content-Length: an upper bound of the file size for the early quota check. */
  contentLength: number | undefined;
  /** The member's quota hold for this upload, once the file part begins (issue 32). */
  quota: { hold: QuotaHold | null };
  hooks: FormUploadHooks | undefined;
}

/** Streams the file part into storage after the checks that need no byte of it. */
async function storeFilePart(
  deps: AppDeps,
  principal: Principal,
  fields: FormFields,
  file: FilePart,
  info: FileInfo,
  limits: UploadLimits,
): Promise<StoredPart> {
  assertCleanText(fields);
  const encryption = fileEncryptionOf(encryptionFrom(fields));
  await limits.hooks?.admit(fields, info);
  const declared = numberField(fields, 'size');
  if (declared !== undefined) {
    assertWithinMaxSize(declared, limits.maxBytes);
  }
  const target = await resolveUploadTarget(deps, principal, {
    s3_config_id: fields.s3_config_id,
    path: fields.path,
    filename: info.filename || 'file',
  });
  await assertSlugAvailable(deps, shareOptionsFrom(fields).slug);
  // An early answer from the declared size or the request's length (an upper bound).
  await assertQuota(deps, target.config, declared ?? limits.contentLength ?? 0);
  limits.quota.hold = await holdQuota(deps, principal, 0);
  const mimetype = storedType(encryption, fields.mimetype || info.mimeType);
  // From here on a row names the key, whatever becomes of the write (issue 34).
  const intent = await recordUploadIntent(deps, principal, target, mimetype, encryption);
  const body = guardedFileBody(file, { remaining: null, total: 0 });
  if (encryption.encrypted === 1) {
    refuseUnsealedStream(file, body);
  }
  let result;
  try {
    const plan = { configId: target.config.id, size: declared, replaced: 0 };
    const ledger = quotaGuardedLedger(deps, capacityLedger(deps), limits.quota.hold);
    result = await reservedWrite(ledger, plan, body, (stream) =>
      target.driver.put(target.key, stream, { contentType: mimetype }),
    );
  } catch (error) {
    await abandonUploadIntent(deps, target, intent, 0);
    throw storeFailure(body, error);
  }
  if (file.truncated) {
    await abandonUploadIntent(deps, target, intent, result.size);
    throw new AppError('FILE_TOO_LARGE');
  }
  // Too short to have shown a header while it streamed, or to hold a segment's tag.
  if (encryption.encrypted === 1 && result.size < SEALED_BLOB_MIN_BYTES) {
    await abandonUploadIntent(deps, target, intent, result.size);
    throw notSealedFile();
  }
  return { target, intent, size: result.size, etag: result.etag };
}

/** The form's fields with the hooks' own in their place. */
function withFixed(fields: FormFields, limits: UploadLimits): FormFields {
  return limits.hooks ? { ...fields, ...limits.hooks.fixedFields } : fields;
}

/** Parses the form; resolves with the fields and the stored part once the body is read. */
function parseForm(
  deps: AppDeps,
  principal: Principal,
  incoming: IncomingMessage,
  limits: UploadLimits,
): Promise<{ fields: FormFields; stored: StoredPart }> {
  return readFileForm(
    incoming,
    { maxFileBytes: limits.maxBytes, placementFields: FIELDS_BEFORE_FILE },
    {
      store: (fields, file, info) =>
        storeFilePart(deps, principal, withFixed(fields, limits), file, info, limits),
      discard: (part) => abandonUploadIntent(deps, part.target, part.intent, part.size),
    },
  );
}

/** Makes the record of a stored upload ready; when that fails, the object goes too. */
async function recordShare(
  deps: AppDeps,
  fields: FormFields,
  stored: StoredPart,
): Promise<FileWithProvider> {
  try {
    const options = await prepareOptions(deps, shareOptionsFrom(fields));
    const finished = { size: stored.size, etag: stored.etag, options };
    await completeUploadIntent(deps, stored.intent, finished);
  } catch (error) {
    await abandonUploadIntent(deps, stored.target, stored.intent, stored.size);
    throw error;
  }
  const created = await findFile(deps, stored.intent.id, { kind: 'all' });
  if (!created) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return created;
}

/**
 * Receives one upload and creates its share; answers the share as its creator sees it,
 * visit links absolute under `linkBase`.
 */
export async function receiveFormUpload(
  deps: AppDeps,
  principal: Principal,
  incoming: IncomingMessage,
  linkBase: string,
  hooks?: FormUploadHooks,
): Promise<FileShare> {
  const contentLength = Number(incoming.headers['content-length']);
  const serverMax = await maxUploadBytes(deps);
  const limits: UploadLimits = {
    maxBytes: hooks?.maxBytes !== undefined ? Math.min(hooks.maxBytes, serverMax) : serverMax,
    contentLength: Number.isFinite(contentLength) && contentLength > 0 ? contentLength : undefined,
    quota: { hold: null },
    hooks,
  };
  try {
    const { fields, stored } = await parseForm(deps, principal, incoming, limits);
    const created = await recordShare(deps, withFixed(fields, limits), stored);
    return await presentManaged(deps, created, linkBase);
  } finally {
    // The row counts the bytes now (or the upload failed): the hold goes.
    await releaseQuotaHold(deps, limits.quota.hold);
  }
}
