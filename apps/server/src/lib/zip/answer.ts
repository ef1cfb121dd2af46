import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { contentDisposition } from '../content-disposition';
import { zipStream } from './stream';
import type { ZipEntries } from './types';
import { archiveBody } from './web-body';

/**
 * A download answer carrying the archive: an attachment under `filename` (RFC 6266
 * filename*), Content-Length when the caller computed it with zipLength (so the browser shows
 * progress), never stored by a cache. When the client leaves, the web stream is cancelled,
 * which destroys the archive stream and the entry it was reading; the request's own signal
 * aborts it too, for a client that goes before the first byte.
 *
 * Once the status is sent a failure can only cut the answer short (the client sees a
 * truncated download, never a valid archive missing a file); it is logged here, because
 * nothing above sees it: a storage that failed mid-read, a file that changed size since it
 * was listed. A client that left is not a failure and logs nothing.
 */
export function zipAnswer(
  c: Context<AppEnv>,
  filename: string,
  entries: ZipEntries,
  length?: number,
): Response {
  const headers = new Headers({
    'Content-Type': 'application/zip',
    'Content-Disposition': contentDisposition('attachment', filename),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  if (length !== undefined) {
    headers.set('Content-Length', String(length));
  }
  if (c.req.method === 'HEAD') {
    // Hono drops a HEAD answer's body without cancelling it: an archive started here would
    // hold its first entry's file open. The headers are the whole answer.
    return new Response(null, { status: 200, headers });
  }
  const signal = c.req.raw.signal;
  const archive = zipStream(entries, signal);
  archive.once('error', (error) => {
    if (!signal.aborted) {
      c.get('deps').logger.error(
        { err: error, requestId: c.get('requestId'), path: c.req.path, archive: filename },
        'the ZIP download failed after it started; the answer was cut short',
      );
    }
  });
  return new Response(archiveBody(c, archive), { status: 200, headers });
}
