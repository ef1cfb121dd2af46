import type { IncomingMessage } from 'node:http';
import type { FileInfo } from 'busboy';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { assertCleanText } from '@/lib/input-rules';
import { findFile, presentManaged, type FileWithProvider } from '@/modules/files/service';
import { assertQuota, assertWithinMaxSize, maxUploadBytes } from './limits';
import { guardedFileBody, readFileForm, storeFailure, type FilePart } from './form-stream';
import { numberField, PLACEMENT_FIELDS, shareOptionsFrom, type FormFields } from './form-fields';
import { assertSlugAvailable, discardObject, insertShare, prepareOptions } from './share-record';
import { resolveUploadTarget, type UploadTarget } from './target';

/**
 * POST /api/upload (SPEC §7, DESIGN §6 path 1): busboy reads the Node request stream and
 * the file part flows straight into driver.put — never buffered. The max upload size is
 * enforced while streaming; an over-size or refused upload leaves no record and no object.
 * Fields must precede the file part for s3_config_id and path (they choose where the bytes
 * go); the share options may come after it, as the record is written at the end.
 */

interface StoredPart {
  target: UploadTarget;
  size: number;
  etag: string | null;
  mimetype: string;
}

interface UploadLimits {
  maxBytes: number;
  /** Request Content-Length: an upper bound of the file size for the early quota check. */
  contentLength: number | undefined;
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
  const remaining = await assertQuota(deps, target.config, declared ?? limits.contentLength ?? 0);
  const body = guardedFileBody(file, {
    remaining,
    total: Number(target.config.total_storage_bytes),
  });
  const mimetype = fields.mimetype || info.mimeType;
  try {
    const result = await target.driver.put(target.key, body, { contentType: mimetype });
    if (file.truncated) {
      throw new AppError('FILE_TOO_LARGE');
    }
    return { target, size: result.size, etag: result.etag, mimetype };
  } catch (error) {
    await discardObject(deps, target, target.key);
    throw storeFailure(body, error);
  }
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
    { maxFileBytes: limits.maxBytes, placementFields: PLACEMENT_FIELDS },
    {
      store: (fields, file, info) => storeFilePart(deps, principal, fields, file, info, limits),
      discard: (part) => discardObject(deps, part.target, part.target.key),
    },
  );
}

/** Writes the record of a stored upload; when that fails, the object goes too. */
async function recordShare(
  deps: AppDeps,
  principal: Principal,
  fields: FormFields,
  stored: StoredPart,
): Promise<FileWithProvider> {
  try {
    const options = await prepareOptions(deps, shareOptionsFrom(fields));
    const row = await insertShare(deps, {
      target: stored.target,
      principal,
      mimetype: stored.mimetype,
      size: stored.size,
      etag: stored.etag,
      status: 'ready',
      options,
    });
    const created = await findFile(deps, row.id, { kind: 'all' });
    if (!created) {
      throw new AppError('FILE_NOT_FOUND');
    }
    return created;
  } catch (error) {
    await discardObject(deps, stored.target, stored.target.key);
    throw error;
  }
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
): Promise<FileShare> {
  const contentLength = Number(incoming.headers['content-length']);
  const limits = {
    maxBytes: await maxUploadBytes(deps),
    contentLength: Number.isFinite(contentLength) && contentLength > 0 ? contentLength : undefined,
  };
  const { fields, stored } = await parseForm(deps, principal, incoming, limits);
  const created = await recordShare(deps, principal, fields, stored);
  return presentManaged(deps, created, linkBase);
}
