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
