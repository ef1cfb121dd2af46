/**
 * HTTP Range (RFC 9110 §14) and conditional-request helpers for file delivery.
 * Only single byte ranges are honoured; a multi-range request gets the whole file (200),
 * which the RFC allows and every client handles.
 */

export type RangeRequest =
  { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** Interprets a Range header against an object of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header ? SINGLE_RANGE.exec(header.replace(/\s+/g, '')) : null;
  if (!match) {
    return { kind: 'none' };
  }
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') {
    return { kind: 'none' };
  }
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) {
      return { kind: 'unsatisfiable' };
    }
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) {
    // Syntactically invalid: RFC 9110 says to ignore the header.
    return { kind: 'none' };
  }
  if (start >= size) {
    return { kind: 'unsatisfiable' };
  }
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'range', start, end };
}

function opaqueTag(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** If-None-Match against our (strong) ETag, with the weak comparison RFC 9110 asks for. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) {
    return false;
  }
  if (ifNoneMatch.trim() === '*') {
    return true;
  }
  const ours = opaqueTag(etag);
  return ifNoneMatch.split(',').some((candidate) => opaqueTag(candidate) === ours);
}

/**
 * If-Range: a Range applies only while the representation is unchanged. We compare
 * ETags only (a date validator is treated as a mismatch, so the client gets it whole).
 */
export function rangeStillValid(ifRange: string | undefined, etag: string): boolean {
  if (!ifRange) {
    return true;
  }
  const candidate = ifRange.trim();
  return !candidate.startsWith('W/') && candidate === etag;
}
