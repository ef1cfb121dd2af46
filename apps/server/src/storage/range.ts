import type { ByteRange } from './driver';

/**
 * One byte range from an HTTP Range header (RFC 9110 §14.1.2) for an object of `size`
 * bytes: `bytes=a-b`, `bytes=a-` or `bytes=-n`. Null when there is no usable header (a
 * malformed one, or several ranges, is ignored and the whole object is sent, as the RFC
 * allows); 'unsatisfiable' when the range lies past the end (answer 416).
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) {
    return null;
  }
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') {
    return null;
  }
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) {
      return 'unsatisfiable';
    }
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) {
    return null;
  }
  return start >= size ? 'unsatisfiable' : { start, end };
}
