import { Readable } from 'node:stream';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
} from 'node:zlib';

/**
 * Compression of the API's own answers (DESIGN §11): JSON and raw text above a size where
 * it pays. Static files are compressed at build time instead (lib/static-web.ts).
 *
 * - Below 1 KiB an answer goes as it is: it fits a packet or two, and compressing would
 *   cost more CPU than it saves bytes.
 * - Up to 128 KiB it is compressed at once (brotli quality 4 or gzip level 6: a fraction of
 *   a millisecond for the largest list page).
 * - Larger answers (a long paste read as JSON) are compressed as a stream on the way out,
 *   so the event loop is never held for one of them.
 */
export const COMPRESS_FROM_BYTES = 1024;
const COMPRESS_AT_ONCE_UP_TO_BYTES = 128 * 1024;

export type Encoding = 'br' | 'gzip';

/** brotli when the client takes it, else gzip, else nothing; `q=0` refuses a coding. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) {
    return null;
  }
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (refused) {
      continue;
    }
    if (token === 'br') {
      return 'br';
    }
    if (token === 'gzip' || token === '*') {
      gzip = true;
    }
  }
  return gzip ? 'gzip' : null;
}

/** The body compressed with `encoding`: bytes for a mid-sized body, a stream for a large one. */
export function compressBody(body: Buffer, encoding: Encoding): Uint8Array | ReadableStream {
  if (body.length <= COMPRESS_AT_ONCE_UP_TO_BYTES) {
    return encoding === 'br'
      ? brotliCompressSync(body, { params: brotliParams(body.length) })
      : gzipSync(body, { level: 6 });
  }
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: brotliParams(body.length) })
      : createGzip({ level: 6 });
  compressor.end(body);
  return Readable.toWeb(compressor) as ReadableStream;
}

function brotliParams(size: number) {
  return {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  };
}
