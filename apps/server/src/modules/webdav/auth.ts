import type { Context } from 'hono';
import { creatorOf, type AppEnv, type CallerKind, type Principal } from '@/context';
import { actorOf, type AuditActor } from '@/lib/audit/record';
import { clientIpOf } from '@/lib/principal';
import type { RateLimitedError } from '@/lib/rate-limit';
import { resolveApiKey } from '@/modules/api-keys/service';
import { verifyAccountPassword, type VerifiedAccount } from '@/modules/auth/service';
import type { Caller } from '@/vfs/types';
import { DavHttpError } from './errors';

/**
 * Who calls /dav (DESIGN §8, §12): HTTP Basic with an account's username and password (an
 * admin, or a member held to its rights and base path), or an API key given as both user
 * name and password (clients that only know Basic can still use a key). A Bearer token or
 * `ApiKey` header resolved by the principal middleware counts too. Wrong passwords are
 * rate-limited like login, in WebDAV's own bucket (auth's verifyAccountPassword): a drive
 * client with a stale password never locks the web panel.
 */

export interface DavIdentity {
  caller: Caller;
  /** Who holds locks: the account's id or 'apikey:{id}' (SPEC §3 created_by). */
  principalId: string;
  /** Who it is in the audit log. */
  actor: AuditActor;
}

export const BASIC_CHALLENGE = 'Basic realm="Pastebox", charset="UTF-8"';

/** 401 with the Basic challenge every client needs to ask for credentials. */
export function challenge(): Response {
  return new Response('Authentication required', {
    status: 401,
    headers: { 'WWW-Authenticate': BASIC_CHALLENGE, 'Content-Type': 'text/plain' },
  });
}

/**
 * 429 for a client past WebDAV's limit of wrong passwords: a short plain-text reason and
 * `Retry-After`, which drive clients and their users can read (an empty 429 told neither
 * why nor how long).
 */
export function tooManyAttempts(error: RateLimitedError): Response {
  const seconds = error.retryAfterSeconds;
  return new Response(`Too many wrong passwords for WebDAV; try again in ${seconds} seconds.\n`, {
    status: 429,
    headers: { 'Retry-After': String(seconds), 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) {
    return null;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) {
    return null;
  }
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function identityOf(principal: Principal): DavIdentity | null {
  switch (principal.type) {
    case 'admin':
      return {
        caller: { kind: 'admin' },
        principalId: principal.adminId,
        actor: actorOf(principal),
      };
    case 'apikey':
    case 'member':
      if (!principal.permissions.mount) {
        // A valid key or member that may not reach the mounts: known, but refused.
        throw new DavHttpError(403, undefined, [], 'no mount permission');
      }
      return {
        caller: { kind: 'key', basicPath: principal.basicPath },
        principalId: creatorOf(principal),
        actor: actorOf(principal),
      };
    case 'none':
      return null;
  }
}

/** The identity of an account whose WebDAV password matched. */
function accountIdentity(account: VerifiedAccount): DavIdentity {
  const actor: AuditActor = { type: 'account', id: account.accountId, name: account.username };
  if (account.role === 'admin') {
    return { caller: { kind: 'admin' }, principalId: account.accountId, actor };
  }
  if (!account.permissions.mount) {
    throw new DavHttpError(403, undefined, [], 'no mount permission');
  }
  return {
    caller: { kind: 'key', basicPath: account.basicPath },
    principalId: account.accountId,
    actor,
  };
}

/** The caller of a /dav request, or null when it must be challenged (401). */
export async function authenticate(c: Context<AppEnv>): Promise<DavIdentity | null> {
  const signedIn = c.get('principal');
  if (signedIn.type !== 'none') {
    return named(c, signedIn.type, () => identityOf(signedIn));
  }
  const credentials = basicCredentials(c.req.header('authorization'));
  if (!credentials || credentials.user === '') {
    return null;
  }
  const deps = c.get('deps');
  if (credentials.user === credentials.password) {
    // A key is a hash lookup (no slow check): tried first, so a valid key is never slowed.
    const key = await resolveApiKey(deps, credentials.user);
    if (key && key.type !== 'none') {
      return named(c, key.type, () => identityOf(key));
    }
  }
  const account = await verifyAccountPassword(
    deps,
    clientIpOf(c),
    credentials.user,
    credentials.password,
  );
  if (!account) {
    return null;
  }
  return named(c, account.role === 'admin' ? 'admin' : 'member', () => accountIdentity(account));
}

/**
 * Names the caller on the request's log line before its rights are checked, so a refused
 * caller (403) is named too: Basic leaves the request's principal 'none'.
 */
function named<T>(c: Context<AppEnv>, kind: CallerKind, identity: () => T): T {
  c.set('callerKind', kind);
  return identity();
}
