import {
  isAtOrUnder,
  normaliseVirtualPath,
  VirtualPathError,
} from '@pastebox/contract/rules/virtual-path';
import { VfsError, type Caller } from './types';

/**
 * Paths as the file system takes them (DESIGN §5, §7): normalised once, here, and checked
 * against the caller before anything below sees them.
 */

/**
 * A segment that percent-decodes to `.` or `..` (`%2e%2e`, `.%2E`) is refused too: no
 * layer below decodes, but a client or proxy that decodes twice must not find a way up.
 */
const ENCODED_DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

function hasEncodedDotSegment(raw: string): boolean {
  return raw
    .split('/')
    .some((segment) => segment.includes('%') && ENCODED_DOT_SEGMENT.test(segment));
}

/** The normal form of `raw`, or INVALID_PATH. */
export function normalPath(raw: string): string {
  if (hasEncodedDotSegment(raw)) {
    throw new VfsError('INVALID_PATH', raw, 'encoded dot segment');
  }
  try {
    return normaliseVirtualPath(raw);
  } catch (error) {
    if (error instanceof VirtualPathError) {
      throw new VfsError('INVALID_PATH', raw, error.message);
    }
    throw error;
  }
}

/**
 * What a caller may do at a path: `full` at or under its basic_path; `way-down` on a folder
 * above it (it may list it, seeing only the way towards its basic_path); `none` elsewhere.
 */
export type PathAccess = 'full' | 'way-down' | 'none';

/** The caller's basic_path in normal form; a key with an unusable one reaches nothing. */
export function basicPathOf(caller: Caller): string | null {
  if (caller.kind === 'admin') {
    return '/';
  }
  try {
    return normaliseVirtualPath(caller.basicPath === '' ? '/' : caller.basicPath);
  } catch {
    return null;
  }
}

/** The access `basicPath` (normal, or null for none) gives at the normal `path`. */
export function accessAt(basicPath: string | null, path: string): PathAccess {
  if (basicPath === null) {
    return 'none';
  }
  if (isAtOrUnder(basicPath, path)) {
    return 'full';
  }
  return isAtOrUnder(path, basicPath) ? 'way-down' : 'none';
}
