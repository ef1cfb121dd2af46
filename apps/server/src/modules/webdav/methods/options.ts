import type { DavHandler } from '../context';

/** Every method /dav answers (class 1 and 2, RFC 4918 §18). */
export const DAV_METHODS =
  'OPTIONS, PROPFIND, PROPPATCH, MKCOL, GET, HEAD, PUT, DELETE, COPY, MOVE, LOCK, UNLOCK';

/**
 * The headers that tell a client this is WebDAV: `DAV: 1, 2` for litmus, davfs2 and
 * rclone, `MS-Author-Via: DAV` for Windows' mini-redirector and Office.
 */
export function davHeaders(): Record<string, string> {
  return { DAV: '1, 2', 'MS-Author-Via': 'DAV', Allow: DAV_METHODS };
}

/**
 * OPTIONS answers without credentials: Windows and litmus ask before they authenticate,
 * and the answer tells nothing about any file.
 */
export function optionsResponse(): Response {
  return new Response(null, { status: 200, headers: { ...davHeaders(), 'Content-Length': '0' } });
}

export const optionsHandler: DavHandler = () => Promise.resolve(optionsResponse());
