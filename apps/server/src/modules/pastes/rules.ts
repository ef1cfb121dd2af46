import { LIMITS } from '@pastebox/contract/limits';
import { checkSlug } from '@pastebox/contract/rules/slug';
import type { Principal } from '@/context';
import { AppError } from '@/lib/errors';
import type { PasteRow } from './repo';

/** SPEC §5: content cannot be empty; bounded in bytes so a paste cannot exhaust memory. */
export function assertContent(content: string): string {
  if (content.trim().length === 0) {
    throw new AppError('CONTENT_EMPTY');
  }
  if (Buffer.byteLength(content, 'utf8') > LIMITS.pasteMaxBytes) {
    throw new AppError('CONTENT_TOO_LARGE');
  }
  return content;
}

/** SPEC §5 slug rules: letters, digits, `-`, `_`; at most 50; not a reserved word. */
export function assertSlugRules(slug: string): string {
  const problem = checkSlug(slug);
  if (problem) {
    throw new AppError(problem);
  }
  return slug;
}

/**
 * An expiry as stored: normalised to UTC ISO (stored times compare as strings) and in the
 * future — a share that is born expired is a client mistake, not a wish.
 */
export function futureExpiry(value: string, nowIso: string, field: string): string {
  const iso = new Date(value).toISOString();
  if (iso <= nowIso) {
    throw new AppError('VALIDATION_FAILED', 'The expiry must be in the future', [
      { path: field, message: 'must be in the future' },
    ]);
  }
  return iso;
}

/** The camelCase field when the client sent it, else its snake_case alias. */
export function eitherAlias<T>(camel: T | undefined, snake: T | undefined): T | undefined {
  return camel !== undefined ? camel : snake;
}

/** An empty remark is no remark. */
export function normaliseRemark(remark: string | null | undefined): string | null {
  return remark && remark.trim().length > 0 ? remark : null;
}

/**
 * The admin, or the key that created the share while it still holds text permission
 * (SPEC §6): they read without a password or a counted view, and may edit in place.
 */
export function isPasteOwner(row: Pick<PasteRow, 'created_by'>, principal: Principal): boolean {
  switch (principal.type) {
    case 'admin':
      return true;
    case 'apikey':
      return principal.permissions.text && row.created_by === `apikey:${principal.keyId}`;
    case 'none':
      return false;
  }
}

type Liveness = Pick<PasteRow, 'expires_at' | 'max_views' | 'views'>;

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

/** 410 SHARE_EXPIRED or VIEW_LIMIT_REACHED for a share that is no longer delivered. */
export function assertLive(row: Liveness, nowIso: string): void {
  const reason = deadReason(row, nowIso);
  if (reason) {
    throw new AppError(reason);
  }
}
