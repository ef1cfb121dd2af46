import type { Context } from 'hono';
import type {
  AccountPrincipal,
  AppEnv,
  ConfinedPrincipal,
  KeyPermissions,
  Principal,
} from '@/context';
import { AppError } from './errors';

/**
 * Route guards over c.get('principal') (SPEC §6). They live in lib, not in the auth module,
 * so every module (api-keys included) can guard its routes without importing auth.
 */

/** The Bearer token the request carries, valid or not; null when there is none. */
export function presentedBearerToken(c: Context<AppEnv>): string | null {
  const [scheme, ...rest] = (c.req.header('authorization') ?? '').trim().split(/\s+/);
  const token = rest.join(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function failUnauthenticated(c: Context<AppEnv>): never {
  throw new AppError(c.get('authFailure') ?? 'UNAUTHORIZED');
}

/** The admin principal, or a 401/403. */
export function requireAdmin(c: Context<AppEnv>): Extract<Principal, { type: 'admin' }> {
  const principal = c.get('principal');
  if (principal.type === 'admin') {
    return principal;
  }
  if (principal.type === 'none') {
    failUnauthenticated(c);
  }
  throw new AppError('ADMIN_REQUIRED');
}

/** An API-key principal, or a 401 (the user/… families are for keys). */
export function requireApiKey(c: Context<AppEnv>): Extract<Principal, { type: 'apikey' }> {
  const principal = c.get('principal');
  if (principal.type === 'apikey') {
    return principal;
  }
  return failUnauthenticated(c);
}

/** A signed-in account (admin or member, by session), or a 401/403 for keys. */
export function requireAccount(c: Context<AppEnv>): AccountPrincipal {
  const principal = c.get('principal');
  if (principal.type === 'admin' || principal.type === 'member') {
    return principal;
  }
  if (principal.type === 'none') {
    failUnauthenticated(c);
  }
  throw new AppError('FORBIDDEN', 'Sign in with an account; an API key has no account page');
}

/** True for the callers held to permissions and a base path: keys and members. */
export function isConfined(principal: Principal): principal is ConfinedPrincipal {
  return principal.type === 'apikey' || principal.type === 'member';
}

/** Admin, member or key; a member or key must hold `permission` (SPEC §6). */
export function requirePermission(
  c: Context<AppEnv>,
  permission: keyof KeyPermissions,
): Exclude<Principal, { type: 'none' }> {
  const principal = c.get('principal');
  if (principal.type === 'none') {
    failUnauthenticated(c);
  }
  if (isConfined(principal) && !principal.permissions[permission]) {
    throw new AppError(
      permission === 'text'
        ? 'TEXT_PERMISSION_REQUIRED'
        : permission === 'file'
          ? 'FILE_PERMISSION_REQUIRED'
          : 'MOUNT_PERMISSION_REQUIRED',
    );
  }
  return principal;
}
