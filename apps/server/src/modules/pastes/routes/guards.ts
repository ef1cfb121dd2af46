import { LIMITS } from '@pastebox/contract/limits';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { creatorOf, type AppEnv } from '@/context';
import { BODY_LIMIT_EXTENSION, limitBody } from '@/lib/body-limit';
import { AppError } from '@/lib/errors';
import { requireAdmin, requirePermission } from '@/modules/auth/middleware';
import type { PasteScope } from '../repo';

/**
 * The largest JSON body a paste call may send: the content limit doubled (JSON escapes
 * quotes, backslashes and newlines as two bytes) plus room for the other fields. Anything
 * larger is refused before it is read into memory.
 */
const PASTE_BODY_MAX_BYTES = LIMITS.pasteMaxBytes * 2 + 64 * 1024;

/** Spread into a paste route that takes content: raises its body limit above the 1 MB default. */
export const pasteBodyAllowance = { [BODY_LIMIT_EXTENSION]: PASTE_BODY_MAX_BYTES } as const;

/** The paste routes' own limit, first in line, so a large body answers CONTENT_TOO_LARGE. */
export const pasteBodyLimit = limitBody(PASTE_BODY_MAX_BYTES, 'CONTENT_TOO_LARGE');

/** Runs a guard before the body is read, so a refused caller cannot make us buffer it. */
export function guardFirst(guard: (c: Context<AppEnv>) => unknown) {
  return createMiddleware<AppEnv>(async (c, next) => {
    guard(c);
    await next();
  });
}

/** The admin family sees every share. */
export function adminScope(c: Context<AppEnv>): PasteScope {
  requireAdmin(c);
  return { kind: 'all' };
}

/**
 * The user family is for API keys with text permission, limited to the key's own shares.
 * Anonymous → 401, a key without text permission → 403; the admin has its own family and
 * gets 403 here rather than a 401 that would log it out (SPEC §8).
 */
export function keyOwnerScope(c: Context<AppEnv>): PasteScope {
  const principal = requirePermission(c, 'text');
  if (principal.type !== 'apikey') {
    throw new AppError('FORBIDDEN', 'Use /api/admin/pastes with an admin token');
  }
  return { kind: 'owner', createdBy: creatorOf(principal) };
}
