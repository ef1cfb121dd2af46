import type { IncomingMessage } from 'node:http';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import busboy, { type FileInfo } from 'busboy';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { assertCleanText } from '@/lib/input-rules';
import { findFile, presentManaged, type FileWithProvider } from '@/modules/files/service';
import { assertQuota, assertWithinMaxSize, insufficientStorage, maxUploadBytes } from './limits';
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
  file: Readable & { truncated?: boolean },
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
  let overQuota = false;
  let counted = 0;
  const body = new PassThrough();
  file.on('limit', () => body.destroy(new AppError('FILE_TOO_LARGE')));
  file.on('data', (chunk: Buffer) => {
    counted += chunk.length;
    if (remaining !== null && counted > remaining && !overQuota) {
      overQuota = true;
      body.destroy(
        insufficientStorage(counted, remaining, Number(target.config.total_storage_bytes)),
      );
    }
  });
  pipeline(file, body, () => undefined);
  const mimetype = fields.mimetype || info.mimeType;
  try {
    const result = await target.driver.put(target.key, body, { contentType: mimetype });
    if (file.truncated) {
      throw new AppError('FILE_TOO_LARGE');
    }
    return { target, size: result.size, etag: result.etag, mimetype };
  } catch (error) {
    await discardObject(deps, target, target.key);
    throw body.errored instanceof AppError ? body.errored : error;
  }
}

/** Rejections carry Errors; anything else thrown is wrapped. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Parses the form; resolves with the fields and the stored part once the body is read. */
function parseForm(
  deps: AppDeps,
  principal: Principal,
  incoming: IncomingMessage,
  limits: UploadLimits,
): Promise<{ fields: FormFields; stored: StoredPart }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: incoming.headers,
        defParamCharset: 'utf8',
        limits: {
          files: 1,
          fields: 32,
          fieldSize: 64 * 1024,
          parts: 40,
          fileSize: limits.maxBytes,
        },
      });
    } catch {
      reject(new AppError('VALIDATION_FAILED', 'Send the upload as multipart/form-data'));
      return;
    }
    const fields: FormFields = {};
    let storing: Promise<StoredPart> | null = null;
    let placedLate = false;
    const fail = (error: Error) => {
      incoming.unpipe(parser);
      // Reads and drops the rest of the body, so the answer reaches the client.
      incoming.resume();
      void storing?.then(
        (part) => discardObject(deps, part.target, part.target.key),
        () => undefined,
      );
      reject(error);
    };
    parser.on('field', (name, value) => {
      placedLate ||= storing !== null && (PLACEMENT_FIELDS as readonly string[]).includes(name);
      fields[name] = value;
    });
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || storing) {
        file.resume();
        return;
      }
      storing = storeFilePart(deps, principal, { ...fields }, file, info, limits);
      storing.catch((error: unknown) => fail(asError(error)));
    });
    // A client that goes away mid-upload: the file stream fails, so the storage write
    // stops and cleans up instead of waiting for bytes that never come.
    const onAbort = () => {
      parser.destroy(new AppError('VALIDATION_FAILED', 'The client aborted the upload'));
    };
    incoming.once('aborted', onAbort);
    incoming.once('error', onAbort);
    parser.on('error', (error) =>
      fail(new AppError('VALIDATION_FAILED', `Malformed form: ${(error as Error).message}`)),
    );
    parser.on('close', () => {
      if (!storing) {
        fail(new AppError('VALIDATION_FAILED', 'The form has no `file` part'));
        return;
      }
      storing.then(
        (stored) =>
          placedLate
            ? fail(new AppError('VALIDATION_FAILED', 'Send s3_config_id and path before the file'))
            : resolve({ fields, stored }),
        () => undefined,
      );
    });
    incoming.pipe(parser);
  });
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
