import { checkSlug } from '@pastebox/contract/rules/slug';
import type { Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { randomSlug } from '@/lib/ids';
import type { FileRow } from './repo';

/** Shared rules of file shares: slugs, expiry in hours, liveness and ownership. */

const HOUR_MS = 60 * 60 * 1000;

/** SPEC §5 slug rules: letters, digits, `-`, `_`; at most 50; not a reserved word. */
export function assertSlugRules(slug: string): string {
  const problem = checkSlug(slug);
  if (problem) {
    throw new AppError(problem);
  }
  return slug;
}

/** A random slug that passes the same rules as a custom one (never a reserved word). */
export function drawSlug(): string {
  for (;;) {
    const slug = randomSlug();
    if (checkSlug(slug) === null) {
      return slug;
    }
  }
}

/** `expires_in` hours from now as a stored instant; 0, null or absent = never. */
export function expiryFromHours(hours: number | null | undefined, now: Date): string | null {
  if (!hours) {
    return null;
  }
  return new Date(now.getTime() + hours * HOUR_MS).toISOString();
}

/** An empty remark is no remark. */
export function normaliseRemark(remark: string | null | undefined): string | null {
  return remark && remark.trim().length > 0 ? remark : null;
}

type Liveness = Pick<FileRow, 'expires_at' | 'max_views' | 'views'>;

/** Why a share is no longer delivered (expiry wins over the view limit), or null if live. */
export function deadReason(
  row: Liveness,
  nowIso: string,
): 'SHARE_EXPIRED' | 'VIEW_LIMIT_REACHED' | null {
  if (row.expires_at !== null && row.expires_at <= nowIso) {
    return 'SHARE_EXPIRED';
  }
  if (row.max_views > 0 && row.views >= row.max_views) {
    return 'VIEW_LIMIT_REACHED';
  }
  return null;
}

/**
 * The admin, or the key that uploaded the file while it still holds file permission
 * (SPEC §6): they open their own shares without a password or a counted view.
 */
export function isFileOwner(row: Pick<FileRow, 'created_by'>, principal: Principal): boolean {
  switch (principal.type) {
    case 'admin':
      return true;
    case 'apikey':
      return principal.permissions.file && row.created_by === `apikey:${principal.keyId}`;
    case 'none':
      return false;
  }
}
