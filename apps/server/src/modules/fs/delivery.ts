import { errorBody } from '@/lib/envelope';
import { etagMatches, parseRange, rangeStillValid } from '@/lib/http-range';
import { deliveryHeaders } from '@/modules/files/service';
import { objectResponse } from '@/storage/object-response';
import { VfsError, type FileSystem } from '@/vfs/types';

/** download: an attachment under the file's name; preview: inline where that is safe. */
export type FsDeliveryMode = 'view' | 'download';

export interface FsDeliveryRequest {
  path: string;
  mode: FsDeliveryMode;
  headOnly: boolean;
  range: string | undefined;
  ifNoneMatch: string | undefined;
  ifRange: string | undefined;
}

/**
 * A file of a mount over HTTP (GET/HEAD download and preview): 200, 206 for one byte
 * range, 304 when If-None-Match holds the ETag, 416 for a range past the end. The type
 * rules are the shares' (files/content-safety): HTML, SVG and XML are shown as sandboxed
 * plain text, scripts never go out with a script type.
 */
export async function deliverFsFile(fs: FileSystem, request: FsDeliveryRequest): Promise<Response> {
  const entry = await fs.stat(request.path);
  if (entry.isDirectory) {
    throw new VfsError('NOT_A_FILE', entry.path);
  }
  const etag = entry.etag ? `"${entry.etag}"` : null;
  const headers = new Headers(
    deliveryHeaders(request.mode, entry.mimetype ?? 'application/octet-stream', entry.name),
  );
  headers.set('Accept-Ranges', 'bytes');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'SAMEORIGIN');
  // The caller's own files behind its credentials: revalidate, never share a cached copy.
  headers.set('Cache-Control', 'private, no-cache');
  if (etag) {
    headers.set('ETag', etag);
  }
  if (entry.modified) {
    headers.set('Last-Modified', entry.modified.toUTCString());
  }
  if (etag && etagMatches(request.ifNoneMatch, etag)) {
    return new Response(null, { status: 304, headers });
  }
  const wanted =
    etag === null || rangeStillValid(request.ifRange, etag)
      ? parseRange(request.range, entry.size)
      : { kind: 'none' as const };
  if (wanted.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${entry.size}`);
    headers.set('Content-Type', 'application/json');
    const body = errorBody(416, 'RANGE_NOT_SATISFIABLE', 'The requested range is not satisfiable');
    return new Response(JSON.stringify(body), { status: 416, headers });
  }
  const range = wanted.kind === 'range' ? { start: wanted.start, end: wanted.end } : null;
  if (request.headOnly) {
    headers.set('Content-Length', String(range ? range.end - range.start + 1 : entry.size));
    if (range) {
      headers.set('Content-Range', `bytes ${range.start}-${range.end}/${entry.size}`);
    }
    return new Response(null, { status: range ? 206 : 200, headers });
  }
  const { object } = await fs.read(request.path, range ?? undefined);
  return objectResponse(object, headers);
}
