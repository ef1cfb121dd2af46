import type { Principal } from '@/context';
import { isShareOwner } from '@/shares/reader';
import type { FileRow } from './repo';

/** Rules of file shares of their own: expiry in hours and ownership by file permission. */

// What every share obeys lives in the share kernel; these names stay importable from here.
export { normaliseRemark } from '@/shares/fields';
export { assertSlugRules, drawSlug } from '@/shares/slugs';
export { expiryFromHours } from '@/shares/rule-changes';

/**
 * The admin, or the key that uploaded the file while it still holds file permission
 * (SPEC §6): they open their own shares without a password or a counted view.
 */
export function isFileOwner(row: Pick<FileRow, 'created_by'>, principal: Principal): boolean {
  return isShareOwner(row, principal, 'file');
}

/**
 * The type an end-to-end encrypted file is stored and served as, whatever its real one
 * (issue 35): the bytes are a sealed blob, never something a browser may render.
 */
export const ENCRYPTED_FILE_TYPE = 'application/octet-stream';

/** Whether a file share's object is an end-to-end encrypted blob (migration 029). */
export function isEncryptedFile(row: Pick<FileRow, 'encrypted'>): boolean {
  return Number(row.encrypted) === 1;
}
