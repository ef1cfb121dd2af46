import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, KeyPermissions, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { clientAddress } from '@/lib/net/client-address';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { resolveApiKey } from '../api-keys/resolve';
import { resolveAdminToken } from './service';

/** The caller's address: the socket's peer, or the trusted proxy's hop (lib/net). */
function addressOf(c: Context<AppEnv>): string {
  const { TRUST_PROXY, TRUST_PROXY_HOPS } = c.var.deps.config;
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  return clientAddress(peer, c.req.header('x-forwarded-for'), {
    trustProxy: TRUST_PROXY,
    hops: TRUST_PROXY_HOPS,
  });
}

/**
 * Resolves `Authorization: Bearer <token>` or `ApiKey <key>` into c.var.principal.
 * Bad credentials do not fail here — public calls ignore them — but are remembered so a
 * guard can answer INVALID_TOKEN or API_KEY_INVALID instead of a bare UNAUTHORIZED.
 */
export const resolvePrincipal: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ip = addressOf(c);
  c.set('clientIp', ip);
  c.set('principal', { type: 'none' });
  c.set('authFailure', null);
  const header = c.req.header('authorization') ?? '';
  const [scheme, ...rest] = header.trim().split(/\s+/);
  const credential = rest.join(' ');
  if (!scheme || !credential) {
    return next();
  }
  const deps = c.var.deps;
  if (scheme.toLowerCase() === 'bearer') {
    const principal = await resolveAdminToken(deps, credential);
    if (principal) {
      c.set('principal', principal);
    } else {
      c.set('authFailure', 'INVALID_TOKEN');
    }
  } else if (scheme.toLowerCase() === 'apikey') {
    // The key is looked up first (a hash, no slow check): a valid key is never refused,
    // whoever else guessed from the same address. Only a wrong key counts, and past the
    // limit the guesser hears 429 instead of 401.
    const principal = await resolveApiKey(deps, credential);
    if (principal) {
      c.set('principal', principal);
    } else {
      await deps.rateLimiter.reserve(RATE_LIMITS.apiKey, ip);
      c.set('authFailure', 'API_KEY_INVALID');
    }
  }
  return next();
};

/** The Bearer token the request carries, valid or not; null when there is none. */
export function presentedBearerToken(c: Context<AppEnv>): string | null {
  const [scheme, ...rest] = (c.req.header('authorization') ?? '').trim().split(/\s+/);
  const token = rest.join(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function failUnauthenticated(c: Context<AppEnv>): never {
  throw new AppError(c.var.authFailure ?? 'UNAUTHORIZED');
}

/** The admin principal, or a 401/403. */
export function requireAdmin(c: Context<AppEnv>): Extract<Principal, { type: 'admin' }> {
  const principal = c.var.principal;
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
  const principal = c.var.principal;
  if (principal.type === 'apikey') {
    return principal;
  }
  return failUnauthenticated(c);
}

/** Admin or key; a key must hold `permission` (SPEC §6). */
export function requirePermission(
  c: Context<AppEnv>,
  permission: keyof KeyPermissions,
): Exclude<Principal, { type: 'none' }> {
  const principal = c.var.principal;
  if (principal.type === 'none') {
    failUnauthenticated(c);
  }
  if (principal.type === 'apikey' && !principal.permissions[permission]) {
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
