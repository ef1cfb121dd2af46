import { DavHttpError } from './errors';

/**
 * Request URIs and hrefs of /dav (RFC 4918 §8.3): the virtual path is the part below /dav,
 * percent-decoded segment by segment; hrefs are built the other way round, every segment
 * encoded, so any Unicode name (and `%`, `#`, `?`, spaces) survives a round trip.
 */

export const DAV_PREFIX = '/dav';

/**
 * The virtual path (not yet normalised: the file system does that and refuses `..`) of a
 * URI path below /dav. A segment that decodes to a slash or is not valid percent-encoding
 * is a bad request: it could never name one file.
 */
export function virtualPathOf(uriPath: string): string {
  if (uriPath !== DAV_PREFIX && !uriPath.startsWith(`${DAV_PREFIX}/`)) {
    throw new DavHttpError(400, undefined, [], 'not a /dav path');
  }
  const rest = uriPath.slice(DAV_PREFIX.length);
  const segments = rest.split('/').map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new DavHttpError(400, undefined, [], 'malformed percent-encoding');
    }
    if (decoded.includes('/')) {
      throw new DavHttpError(400, undefined, [], 'an encoded slash in a name');
    }
    return decoded;
  });
  const joined = segments.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/**
 * The virtual path a request URL names. A fragment is the client's own business and is
 * never part of a request-target (RFC 9110 §7.1); one that reaches us (litmus's
 * delete_fragment sends `DELETE /coll/#ment`) is refused, as Apache does, rather than
 * dropped: dropping it made that DELETE remove the whole collection.
 */
export function requestVirtualPath(requestUrl: string): string {
  if (requestUrl.includes('#')) {
    throw new DavHttpError(400, undefined, [], 'a request URI carries no fragment (#)');
  }
  return virtualPathOf(new URL(requestUrl).pathname);
}

const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]*$/;

/** Characters RFC 3986 lets stand in a path segment; everything else is percent-encoded. */
function encodeSegment(segment: string): string {
  // Most names need nothing: a PROPFIND of 10,000 of them skips 10,000 encodes and regexes.
  if (PLAIN_SEGMENT.test(segment)) {
    return segment;
  }
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The href of a normal virtual path: `/dav/a%20b/c/`, folders ending in '/'. */
export function hrefOf(path: string, isDirectory: boolean): string {
  const encoded = path === '/' ? '' : path.split('/').map(encodeSegment).join('/');
  return `${DAV_PREFIX}${encoded}${isDirectory ? '/' : ''}`;
}

/**
 * The virtual path a Destination header names (RFC 4918 §10.3): an absolute URI on this
 * host, or an absolute path. Another host or a place outside /dav is not ours to write
 * (502 Bad Gateway, as §9.8.5 says).
 */
export function destinationVirtualPath(header: string, requestUrl: string): string {
  let target: URL;
  try {
    target = new URL(header, requestUrl);
  } catch {
    throw new DavHttpError(400, undefined, [], 'malformed Destination');
  }
  if (target.hash !== '' || header.includes('#')) {
    throw new DavHttpError(400, undefined, [], 'a Destination carries no fragment (#)');
  }
  const here = new URL(requestUrl);
  if (target.host !== here.host) {
    throw new DavHttpError(502, undefined, [], 'Destination on another server');
  }
  if (target.pathname !== DAV_PREFIX && !target.pathname.startsWith(`${DAV_PREFIX}/`)) {
    throw new DavHttpError(502, undefined, [], 'Destination outside /dav');
  }
  return virtualPathOf(target.pathname);
}
