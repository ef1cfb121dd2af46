import { LIMITS } from '@pastebox/contract/limits';
import type { Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { isShareOwner } from '@/shares/reader';
import type { PasteRow } from './repo';

/** SPEC §5: content cannot be empty; bounded in bytes so a paste cannot exhaust memory. */
export function assertContent(content: string): string {
  if (content.trim().length === 0) {
    throw new AppError('CONTENT_EMPTY');
  }
  // UTF-8 takes at most three bytes per UTF-16 unit: most content is not measured at all.
  const mayBeTooLarge = content.length * 3 > LIMITS.pasteMaxBytes;
  if (mayBeTooLarge && Buffer.byteLength(content, 'utf8') > LIMITS.pasteMaxBytes) {
    throw new AppError('CONTENT_TOO_LARGE');
  }
  return content;
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

/**
 * The admin, or the key that created the share while it still holds text permission
 * (SPEC §6): they read without a password or a counted view, and may edit in place.
 */
export function isPasteOwner(row: Pick<PasteRow, 'created_by'>, principal: Principal): boolean {
  return isShareOwner(row, principal, 'text');
}
