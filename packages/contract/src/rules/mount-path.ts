import { isAtOrUnder } from './virtual-path';

/**
 * SPEC §5 and DESIGN §7: a mount path starts with `/`, then letters, digits, `_`, `-`,
 * Chinese characters and `/`; no empty, trailing or dot segments; it never shadows one
 * of the app's own prefixes and never nests inside or around another mount.
 */

/**
 * First segments a mount path may not have. A mount path is a virtual path: it is reached
 * only as `/dav<path>`, `/mount-explorer<path>` and `?path=` of /api/fs, never at the app's
 * top level, so the web app's own routes (/upload, /files, /user, /docs, …) cannot collide
 * with it and are ordinary mount paths. What stays reserved are the three doors into the
 * file system themselves: a mount named after one would make its every address read as
 * another door (`/dav/api/…`, `/mount-explorer/dav/…`) and a path pasted after the host
 * open that door instead of the mount.
 */
export const RESERVED_MOUNT_ROOTS: ReadonlySet<string> = new Set(['api', 'dav', 'mount-explorer']);

/** The reserved roots as paths (`/api, /dav, /mount-explorer`), for refusals to name. */
export function reservedMountPathsText(): string {
  return [...RESERVED_MOUNT_ROOTS].map((root) => `/${root}`).join(', ');
}

/** At most this many characters, so a path fits every column and URL it travels in. */
export const MOUNT_PATH_MAX_LENGTH = 200;

const SEGMENT = /^[\p{Script=Han}A-Za-z0-9_-]+$/u;

export type MountPathProblem = 'MOUNT_PATH_INVALID' | 'MOUNT_PATH_RESERVED';

/**
 * The form a mount path is stored and compared in: Unicode NFC, as every request path is
 * normalised (virtual-path.ts). A path saved in another form (`/\uF900`, a compatibility
 * ideograph NFC maps to `/\u8C48`) would be a mount no request reaches, and two spellings
 * of one path would be two mounts a request finds as one.
 */
export function normaliseMountPath(path: string): string {
  return path.normalize('NFC');
}

/** The problem with a mount path, or null when it is well formed and not reserved. */
export function checkMountPath(path: string): MountPathProblem | null {
  if (!path.startsWith('/') || path.length < 2 || path.length > MOUNT_PATH_MAX_LENGTH) {
    return 'MOUNT_PATH_INVALID';
  }
  const segments = path.slice(1).split('/');
  if (segments.some((segment) => !SEGMENT.test(segment))) {
    return 'MOUNT_PATH_INVALID';
  }
  const first = segments[0]?.toLowerCase() ?? '';
  return RESERVED_MOUNT_ROOTS.has(first) ? 'MOUNT_PATH_RESERVED' : null;
}

/** True when two mount paths would shadow each other: equal, or one inside the other. */
export function mountPathsOverlap(a: string, b: string): boolean {
  return isAtOrUnder(a, b) || isAtOrUnder(b, a);
}
