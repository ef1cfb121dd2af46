import { isAppError } from '@/lib/errors';
import { VfsError, type VfsErrorCode } from '@/vfs/types';
import { vfsErrorMessage } from '@/vfs/error-keys';
import { VfsLockedError } from '@/vfs/locks';
import { DavHttpError } from './errors';
import { hrefOf } from './paths';

/**
 * The file system's typed failures (DESIGN §7) as WebDAV statuses. Most are the same for
 * every method; a method that gives a code its own meaning (MKCOL: ALREADY_EXISTS is 405)
 * passes overrides.
 */
const STATUSES: Record<VfsErrorCode, number> = {
  INVALID_PATH: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 412,
  NOT_EMPTY: 409,
  FORBIDDEN: 403,
  CONFLICT: 409,
  NOT_A_FILE: 405,
  NOT_A_FOLDER: 409,
  MOUNT_POINT: 403,
  INTO_ITSELF: 403,
  LOCKED: 423,
};

export type StatusOverrides = Partial<Record<VfsErrorCode, number>>;

/** The status an error answers with (500 for anything unknown). */
export function davStatusOf(error: unknown, overrides: StatusOverrides = {}): number {
  if (error instanceof DavHttpError) {
    return error.status;
  }
  if (error instanceof VfsError) {
    return overrides[error.code] ?? STATUSES[error.code];
  }
  if (isAppError(error)) {
    return error.status;
  }
  return 500;
}

/** Rethrows a file-system failure as the DavHttpError of this method. */
export function asDavError(error: unknown, overrides: StatusOverrides = {}): never {
  if (error instanceof VfsLockedError) {
    // A lock the file system found (RFC 4918 §9.10.1): the client learns which roots to unlock.
    const hrefs = error.roots.map((root) => hrefOf(root, false));
    throw new DavHttpError(423, 'lock-token-submitted', hrefs, error.message);
  }
  if (error instanceof VfsError) {
    throw new DavHttpError(davStatusOf(error, overrides), undefined, [], vfsErrorMessage(error));
  }
  throw error;
}

/** Runs a file-system call, turning its failures into this method's statuses. */
export async function onFs<T>(call: () => Promise<T>, overrides: StatusOverrides = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    return asDavError(error, overrides);
  }
}
