import { Transform, type Readable } from 'node:stream';
import type { WebdavUploadMode } from '@pastebox/contract/schemas/system-settings';
import type { PutTransfer } from '@/storage/driver';
import { UPLOAD_PART_BYTES } from '@/storage/s3-put';
import { DavHttpError } from '../errors';

/** The request's Content-Length, when it sent a usable one. */
export function declaredLength(value: string | null): number | undefined {
  const length = Number(value);
  return value !== null && value.trim() !== '' && Number.isSafeInteger(length) && length >= 0
    ? length
    : undefined;
}

/**
 * In auto mode a known size up to one multipart part goes as one PutObject: a multipart
 * upload of a single part would be the same request with three round trips around it.
 */
export const AUTO_SINGLE_PUT_MAX = UPLOAD_PART_BYTES;

/**
 * The "WebDAV upload mode" system setting (SPEC §3) as the way a PUT body reaches S3.
 * Every mode streams through the server with flat memory: a WebDAV client sends its body
 * to the URL it PUTs and cannot be sent on to a presigned URL (clients do not follow a
 * redirect with a body, nor could they sign one), so 'presigned' (proxy) is auto.
 * - auto, presigned: one PutObject for a known size up to one part, else multipart;
 * - multipart: always the streamed multipart upload;
 * - direct: one streamed PutObject whenever the length is known; multipart without one,
 *   as S3 needs a single PUT's length up front (the driver also splits past 5 GiB).
 * Local storage writes one file in every mode.
 */
export function transferFor(mode: WebdavUploadMode, size: number | undefined): PutTransfer {
  switch (mode) {
    case 'multipart':
      return 'multipart';
    case 'direct':
      return 'single';
    case 'auto':
    case 'presigned':
      return size !== undefined && size <= AUTO_SINGLE_PUT_MAX ? 'single' : 'multipart';
  }
}

export interface BodyLimits {
  /** The max upload size (413 past it). The capacity is the file system's write's (507). */
  maxBytes: number;
}

/**
 * Counts the bytes of a body whose length was not declared (or lied about) and fails the
 * stream at the first byte past a limit, with the status to answer. `onRefused` learns it
 * first: the storage reports its own error for the aborted write.
 */
export function limitedBody(
  body: Readable,
  limits: BodyLimits,
  onRefused: (error: DavHttpError) => void,
): Readable {
  let seen = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      const refusal =
        seen > limits.maxBytes
          ? new DavHttpError(413, undefined, [], 'larger than the maximum upload size')
          : null;
      if (refusal) {
        onRefused(refusal);
        callback(refusal);
        return;
      }
      callback(null, chunk);
    },
  });
  body.once('error', (error) => guard.destroy(error));
  // The guard can fail while the file system still checks the target, before the driver
  // listens: the refusal is kept through onRefused and the driver sees a destroyed body,
  // so an unheard error here must not crash the process.
  guard.on('error', () => undefined);
  return body.pipe(guard);
}
