import { etagMatches, parseRange, rangeStillValid } from '@/lib/http-range';
import { deliveryHeaders } from '@/modules/files/service';
import { objectResponse } from '@/storage/object-response';
import type { VfsEntry } from '@/vfs/types';
import type { DavContext, DavHandler } from '../context';
import { onFs } from '../status';

/**
 * GET and HEAD (RFC 4918 §9.4): a file with Range (206/416), ETag and Last-Modified, and
 * the conditional requests of RFC 9110 §13 (If-Match / If-Unmodified-Since → 412,
 * If-None-Match / If-Modified-Since → 304). Types follow the fs API's safety rules: the
 * file goes out as an attachment, active content never with its own type. A collection
 * answers a plain-text list of its names.
 */

function dateOf(header: string | null): number | null {
  if (!header) {
    return null;
  }
  const time = Date.parse(header);
  return Number.isNaN(time) ? null : time;
}

/** Seconds, as HTTP dates carry them. */
function secondsOf(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}

/** 412 or 304 when a precondition says so; null to go on. */
function preconditionAnswer(
  headers: Headers,
  entry: VfsEntry,
  etag: string | null,
  answer: Headers,
): Response | null {
  const ifMatch = headers.get('if-match');
  if (ifMatch && !(etag && etagMatches(ifMatch, etag)) && ifMatch.trim() !== '*') {
    return new Response(null, { status: 412 });
  }
  const unmodifiedSince = dateOf(headers.get('if-unmodified-since'));
  if (!ifMatch && unmodifiedSince !== null && entry.modified) {
    if (secondsOf(entry.modified) > unmodifiedSince) {
      return new Response(null, { status: 412 });
    }
  }
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch) {
    return etag && etagMatches(ifNoneMatch, etag)
      ? new Response(null, { status: 304, headers: answer })
      : null;
  }
  const modifiedSince = dateOf(headers.get('if-modified-since'));
  if (modifiedSince !== null && entry.modified && secondsOf(entry.modified) <= modifiedSince) {
    return new Response(null, { status: 304, headers: answer });
  }
  return null;
}

async function collectionListing(ctx: DavContext, headOnly: boolean): Promise<Response> {
  const listing = await onFs(() => ctx.fs.list(ctx.path));
  const text = listing.entries
    .map((entry) => (entry.isDirectory ? `${entry.name}/` : entry.name))
    .join('\n');
  const headers = { 'Content-Type': 'text/plain; charset=utf-8' };
  return new Response(headOnly ? null : text, { status: 200, headers });
}

export const getHandler: DavHandler = async (ctx) => {
  const headOnly = ctx.request.method.toUpperCase() === 'HEAD';
  const entry = await onFs(() => ctx.fs.stat(ctx.path));
  if (entry.isDirectory) {
    return collectionListing(ctx, headOnly);
  }
  const etag = entry.etag ? `"${entry.etag}"` : null;
  const headers = new Headers(
    deliveryHeaders('download', entry.mimetype ?? 'application/octet-stream', entry.name),
  );
  headers.set('Accept-Ranges', 'bytes');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Cache-Control', 'private, no-cache');
  if (etag) {
    headers.set('ETag', etag);
  }
  if (entry.modified) {
    headers.set('Last-Modified', entry.modified.toUTCString());
  }
  const early = preconditionAnswer(ctx.request.headers, entry, etag, headers);
  if (early) {
    return early;
  }
  const ifRange = ctx.request.headers.get('if-range') ?? undefined;
  const wanted =
    etag === null || rangeStillValid(ifRange, etag)
      ? parseRange(ctx.request.headers.get('range') ?? undefined, entry.size)
      : { kind: 'none' as const };
  if (wanted.kind === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      headers: { 'Content-Range': `bytes */${entry.size}` },
    });
  }
  const range = wanted.kind === 'range' ? { start: wanted.start, end: wanted.end } : null;
  if (headOnly) {
    headers.set('Content-Length', String(range ? range.end - range.start + 1 : entry.size));
    if (range) {
      headers.set('Content-Range', `bytes ${range.start}-${range.end}/${entry.size}`);
    }
    return new Response(null, { status: range ? 206 : 200, headers });
  }
  const { object } = await onFs(() => ctx.fs.read(ctx.path, range ?? undefined));
  return objectResponse(object, headers);
};
