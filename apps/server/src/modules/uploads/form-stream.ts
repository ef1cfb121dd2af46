import type { IncomingMessage } from 'node:http';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import busboy, { type FileInfo } from 'busboy';
import { isClientAbort, whenClientAborts } from '@/lib/client-abort';
import { AppError } from '@/lib/errors';
import type { FormFields } from './form-fields';
import { insufficientStorage } from './limits';

/**
 * One multipart form with one `file` part, read from the Node request stream by busboy
 * (DESIGN §6 path 1): the text fields are collected, the file part is handed to `store`
 * as a stream the moment it starts — never buffered. Share uploads (POST /api/upload) and
 * uploads into a mount (POST fs/upload) both read their forms through here.
 */

/** The `file` part as busboy hands it over; `truncated` is set once the size limit hit. */
export type FilePart = Readable & { truncated?: boolean };

export interface FileFormHandler<T> {
  /**
   * Stores the file part; `fields` holds the fields sent before it, `allFields` resolves
   * with every field once the whole form is read (and rejects when the form fails): a
   * handler that lets placement fields follow the file waits on it, having consumed the
   * file part first (busboy reads no further while the file part is not consumed).
   */
  store(
    fields: FormFields,
    file: FilePart,
    info: FileInfo,
    allFields: Promise<FormFields>,
  ): Promise<T>;
  /** Undoes a finished `store` when the form fails afterwards: no object may stay. */
  discard(stored: T): Promise<void>;
}

export interface FileFormOptions {
  /** busboy stops the file part past this many bytes (the max upload size). */
  maxFileBytes: number;
  /** Fields that decide where the bytes go: refused when they follow the file part. */
  placementFields: readonly string[];
}

/** Rejections carry Errors; anything else thrown is wrapped. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function placementMessage(fields: readonly string[]): string {
  return `Send ${new Intl.ListFormat('en', { type: 'conjunction' }).format(fields)} before the file`;
}

/** Parses the form; resolves with the fields and what `store` made once the body is read. */
export function readFileForm<T>(
  incoming: IncomingMessage,
  options: FileFormOptions,
  handler: FileFormHandler<T>,
): Promise<{ fields: FormFields; stored: T }> {
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
          fileSize: options.maxFileBytes,
        },
      });
    } catch {
      reject(new AppError('VALIDATION_FAILED', 'Send the upload as multipart/form-data'));
      return;
    }
    const fields: FormFields = {};
    let storing: Promise<T> | null = null;
    let placedLate = false;
    let formRead: (fields: FormFields) => void = () => undefined;
    let formFailed: (error: Error) => void = () => undefined;
    const allFields = new Promise<FormFields>((resolveFields, rejectFields) => {
      formRead = resolveFields;
      formFailed = rejectFields;
    });
    // A handler that never waits on it must not turn its rejection into an unhandled one.
    allFields.catch(() => undefined);
    const fail = (error: Error) => {
      formFailed(error);
      incoming.unpipe(parser);
      // Reads and drops the rest of the body, so the answer reaches the client.
      incoming.resume();
      void storing?.then(
        (stored) => handler.discard(stored),
        () => undefined,
      );
      reject(error);
    };
    parser.on('field', (name, value) => {
      placedLate ||= storing !== null && options.placementFields.includes(name);
      fields[name] = value;
    });
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || storing) {
        file.resume();
        return;
      }
      storing = handler.store({ ...fields }, file, info, allFields);
      storing.catch((error: unknown) => fail(asError(error)));
    });
    parser.on('error', (error) =>
      fail(
        isClientAbort(error)
          ? asError(error)
          : new AppError('VALIDATION_FAILED', `Malformed form: ${(error as Error).message}`),
      ),
    );
    // A client that goes away mid-upload: the file stream fails, so the storage write
    // stops and cleans up instead of waiting for bytes that never come.
    whenClientAborts(incoming, (error) => parser.destroy(error));
    parser.on('close', () => {
      formRead({ ...fields });
      if (!storing) {
        fail(new AppError('VALIDATION_FAILED', 'The form has no `file` part'));
        return;
      }
      storing.then(
        (stored) =>
          placedLate
            ? fail(new AppError('VALIDATION_FAILED', placementMessage(options.placementFields)))
            : resolve({ fields, stored }),
        () => undefined,
      );
    });
    incoming.pipe(parser);
  });
}

/** Bytes a file part may still take from its storage's capacity. */
export interface QuotaLeft {
  /** Bytes free; null when the storage has no capacity set. */
  remaining: number | null;
  /** The capacity, for the refusal's message (SPEC §8). */
  total: number;
}

/**
 * The file part as the body to store: it fails with FILE_TOO_LARGE when busboy's size
 * limit hits and with INSUFFICIENT_STORAGE once more than the free bytes arrived, so the
 * storage write stops mid-stream. When the write fails, `body.errored` names why.
 */
export function guardedFileBody(file: FilePart, quota: QuotaLeft): PassThrough {
  let counted = 0;
  let overQuota = false;
  const body = new PassThrough();
  file.on('limit', () => body.destroy(new AppError('FILE_TOO_LARGE')));
  file.on('data', (chunk: Buffer) => {
    counted += chunk.length;
    if (quota.remaining !== null && counted > quota.remaining && !overQuota) {
      overQuota = true;
      body.destroy(insufficientStorage(counted, quota.remaining, quota.total));
    }
  });
  pipeline(file, body, () => undefined);
  return body;
}

/** The error to answer for a failed storage write of a guarded body: the guard's, if any. */
export function storeFailure(body: PassThrough, error: unknown): unknown {
  return body.errored instanceof AppError ? body.errored : error;
}
