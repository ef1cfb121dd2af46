import type { Context } from 'hono';
import { creatorOf, type AppEnv } from '@/context';
import { AppError } from '@/lib/errors';
import { publicBaseUrl } from '@/lib/public-url';
import { requireAdmin, requirePermission } from '@/modules/auth/middleware';
import type { Reader } from '../opening';
import type { FileScope } from '../repo';

/** The admin family sees every file. */
export function adminScope(c: Context<AppEnv>): FileScope {
  requireAdmin(c);
  return { kind: 'all' };
}

/**
 * The user family is for API keys with file permission, limited to the key's own files.
 * Anonymous → 401, a key without file permission → 403; the admin has its own family and
 * gets 403 here rather than a 401 that would log it out (SPEC §8).
 */
export function keyOwnerScope(c: Context<AppEnv>): FileScope {
  const principal = requirePermission(c, 'file');
  if (principal.type !== 'apikey') {
    throw new AppError('FORBIDDEN', 'Use /api/admin/files with an admin token');
  }
  return { kind: 'owner', createdBy: creatorOf(principal) };
}

export function readerOf(c: Context<AppEnv>): Reader {
  return { principal: c.var.principal, clientIp: c.var.clientIp };
}

/** The base of the absolute visit links in this request's answer (lib/public-url.ts). */
export function linkBaseOf(c: Context<AppEnv>): string {
  return publicBaseUrl(c.var.deps.config, c.req.raw);
}
