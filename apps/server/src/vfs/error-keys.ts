import { ERRORS, type ErrorKey } from '@pastebox/contract/errors';
import type { VfsError, VfsErrorCode } from './types';

/** The API's error key for each file-system failure (WebDAV maps the codes on its own). */
export const VFS_ERROR_KEYS: Record<VfsErrorCode, ErrorKey> = {
  INVALID_PATH: 'PATH_INVALID',
  NOT_FOUND: 'PATH_NOT_FOUND',
  ALREADY_EXISTS: 'PATH_EXISTS',
  NOT_EMPTY: 'FOLDER_NOT_EMPTY',
  FORBIDDEN: 'PATH_FORBIDDEN',
  CONFLICT: 'PATH_CONFLICT',
  NOT_A_FILE: 'NOT_A_FILE',
  NOT_A_FOLDER: 'NOT_A_FOLDER',
  MOUNT_POINT: 'PATH_OUTSIDE_MOUNT',
  INTO_ITSELF: 'COPY_INTO_ITSELF',
  LOCKED: 'RESOURCE_LOCKED',
};

/** What the API says of a file-system failure: its own reason, else the catalogue's words, and the path. */
export function vfsErrorMessage(error: VfsError): string {
  const words = error.reason ?? ERRORS[VFS_ERROR_KEYS[error.code]].message;
  return words.includes(error.path) ? words : `${words}: ${error.path}`;
}
