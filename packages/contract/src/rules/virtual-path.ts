import { hasXmlForbiddenCharacter } from './xml-characters';

/**
 * Virtual paths of the mount file system (DESIGN §5, §7): what the fs API, WebDAV and the
 * explorer call a place. One normal form, checked once: it starts with `/`, segments are
 * joined by single slashes, no trailing slash except the root, Unicode NFC, and nothing
 * that could step outside (`.`/`..` after decoding, backslash, NUL and other controls),
 * nor a character XML cannot carry (U+FFFE, U+FFFF, a lone surrogate): WebDAV shows every
 * name in XML, and one such name would make its folder's PROPFIND ill-formed.
 * Look-alikes of `/` and `.` (fullwidth solidus, one-dot leader…) are plain characters of
 * a name here; they can never act as separators because no layer below splits on them.
 */

export type VirtualPathProblem =
  | 'empty'
  | 'relative'
  | 'control-character'
  | 'unrepresentable-character'
  | 'backslash'
  | 'dot-segment'
  | 'too-long';

export class VirtualPathError extends Error {
  constructor(
    readonly path: string,
    readonly problem: VirtualPathProblem,
  ) {
    super(`Invalid path ${JSON.stringify(path)}: ${problem}`);
  }
}

/** Bytes of a whole path and of one segment (the file systems' own limits). */
export const VIRTUAL_PATH_LIMITS = { pathBytes: 4096, segmentBytes: 255 } as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function byteLength(value: string): number {
  return new TextEncoder().encode(value).length;
}

/**
 * The normal form of a virtual path, or a VirtualPathError. A trailing slash is dropped
 * (callers that care whether a folder was meant read {@link namesFolder} first);
 * repeated slashes collapse; `.` and `..` are refused rather than resolved, so a path
 * never means something other than what it spells.
 */
export function normaliseVirtualPath(raw: string): string {
  if (raw === '') {
    throw new VirtualPathError(raw, 'empty');
  }
  const value = raw.normalize('NFC');
  if (!value.startsWith('/')) {
    throw new VirtualPathError(raw, 'relative');
  }
  if (CONTROL.test(value)) {
    throw new VirtualPathError(raw, 'control-character');
  }
  if (hasXmlForbiddenCharacter(value)) {
    throw new VirtualPathError(raw, 'unrepresentable-character');
  }
  if (value.includes('\\')) {
    throw new VirtualPathError(raw, 'backslash');
  }
  const segments = value.split('/').filter((segment) => segment !== '');
  for (const segment of segments) {
    if (segment === '.' || segment === '..') {
      throw new VirtualPathError(raw, 'dot-segment');
    }
    if (byteLength(segment) > VIRTUAL_PATH_LIMITS.segmentBytes) {
      throw new VirtualPathError(raw, 'too-long');
    }
  }
  const normal = `/${segments.join('/')}`;
  if (byteLength(normal) > VIRTUAL_PATH_LIMITS.pathBytes) {
    throw new VirtualPathError(raw, 'too-long');
  }
  return normal;
}

/** True when the caller meant a folder: the path ends with `/` (SPEC: upload `path`). */
export function namesFolder(raw: string): boolean {
  return raw.endsWith('/');
}

/** The segments of a normal path; the root has none. */
export function segmentsOf(normal: string): string[] {
  return normal === '/' ? [] : normal.slice(1).split('/');
}

/** The parent of a normal path; the root is its own parent. */
export function parentOf(normal: string): string {
  const cut = normal.lastIndexOf('/');
  return cut <= 0 ? '/' : normal.slice(0, cut);
}

/** The last segment of a normal path; '' for the root. */
export function baseNameOf(normal: string): string {
  return normal.slice(normal.lastIndexOf('/') + 1);
}

/** `child` joined under the normal folder `parent`. */
export function joinPath(parent: string, child: string): string {
  return parent === '/' ? `/${child}` : `${parent}/${child}`;
}

/** True when `path` is `ancestor` or lies below it (both normal). */
export function isAtOrUnder(ancestor: string, path: string): boolean {
  return ancestor === '/' || path === ancestor || path.startsWith(`${ancestor}/`);
}
