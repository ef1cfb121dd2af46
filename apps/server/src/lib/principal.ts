import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv, Principal } from '@/context';
import { clientAddress } from './net/client-address';
import { RATE_LIMITS } from './rate-limit';

/** Turns a presented credential into its principal, or null when it is not valid. */
export type CredentialResolver = (deps: AppDeps, credential: string) => Promise<Principal | null>;

/**
 * How each Authorization scheme is resolved. Handed in by app.ts (auth resolves Bearer
 * tokens, api-keys resolves keys), so the middleware knows no module and auth and
 * api-keys need not import each other.
 */
export interface PrincipalResolvers {
  bearer: CredentialResolver;
  apiKey: CredentialResolver;
}

/**
 * The caller's address — the socket's peer, or the trusted proxy's hop (lib/net) — worked
 * out when first asked for: only rate limits and password checks need it, and most
 * requests reach neither (DESIGN §11: work a request does not need should cost it nothing). A
 * client that has hung up by then has no peer address left and counts as 'unknown': one
 * bucket for all such callers, who would not hear the answer anyway.
 */
export function clientIpOf(c: Context<AppEnv>): string {
  let ip = c.get('clientIp');
  if (ip === undefined) {
    ip = addressOf(c);
    c.set('clientIp', ip);
  }
  return ip;
}

function addressOf(c: Context<AppEnv>): string {
  const { TRUST_PROXY, TRUST_PROXY_HOPS } = c.get('deps').config;
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
 * Resolves `Authorization: Bearer <token>` or `ApiKey <key>` into c.get('principal').
 * Bad credentials do not fail here — public calls ignore them — but are remembered so a
 * guard can answer INVALID_TOKEN or API_KEY_INVALID instead of a bare UNAUTHORIZED. A
 * promise only when there is a credential to look up: most calls carry none.
 */
export function identify(c: Context<AppEnv>, resolvers: PrincipalResolvers): void | Promise<void> {
  c.set('principal', NO_PRINCIPAL);
  c.set('authFailure', null);
  const header = c.req.header('authorization');
  if (header === undefined) {
    return;
  }
  const [scheme, ...rest] = header.trim().split(/\s+/);
  const credential = rest.join(' ');
  if (!scheme || !credential) {
    return;
  }
  return authenticate(c, resolvers, scheme.toLowerCase(), credential);
}

const NO_PRINCIPAL: Principal = Object.freeze({ type: 'none' });

async function authenticate(
  c: Context<AppEnv>,
  resolvers: PrincipalResolvers,
  scheme: string,
  credential: string,
): Promise<void> {
  const deps = c.get('deps');
  if (scheme === 'bearer') {
    const principal = await resolvers.bearer(deps, credential);
    if (principal) {
      c.set('principal', principal);
    } else {
      c.set('authFailure', 'INVALID_TOKEN');
    }
  } else if (scheme === 'apikey') {
    // The key is looked up first (a hash, no slow check): a valid key is never refused,
    // whoever else guessed from the same address. Only a wrong key counts, and past the
    // limit the guesser hears 429 instead of 401.
    const principal = await resolvers.apiKey(deps, credential);
    if (principal) {
      c.set('principal', principal);
    } else {
      await deps.rateLimiter.reserve(RATE_LIMITS.apiKey, clientIpOf(c));
      c.set('authFailure', 'API_KEY_INVALID');
    }
  }
}

/** `identify` as a middleware, for the routes outside the API's routers (WebDAV). */
export function resolvePrincipal(resolvers: PrincipalResolvers): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await identify(c, resolvers);
    return next();
  };
}
