import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Dialect } from './db/database';
import type { PoolUse } from './db/postgres-pool';
import type { Database } from './db/types';
import type { ReadBody } from './lib/body-limit';
import type { Clock } from './lib/clock';
import type { SecretBox } from './lib/crypto';
import type { RateLimiter } from './lib/rate-limit';

/** Everything the app needs from outside, injected once by main.ts or a test. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  secrets: SecretBox;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** The database pool's use right now (PostgreSQL; SQLite has none), for metrics. */
  poolUse?: () => PoolUse;
  /** Absolute path of the built web app, when it should be served. */
  webDist?: string;
}

export interface KeyPermissions {
  text: boolean;
  file: boolean;
  mount: boolean;
}

/** Who is calling, resolved from the Authorization header (SPEC §6, DESIGN §12). */
export type Principal =
  | { type: 'none' }
  | {
      type: 'admin';
      adminId: string;
      username: string;
      tokenHash: string;
      expiresAt: string;
      /** The session's id, for "your sessions"; null for WebDAV Basic. */
      sessionId: string | null;
    }
  | {
      /** A member account (issue 32): confined like a key, to its rights and base path. */
      type: 'member';
      accountId: string;
      username: string;
      tokenHash: string;
      expiresAt: string;
      sessionId: string | null;
      basicPath: string;
      permissions: KeyPermissions;
    }
  | {
      type: 'apikey';
      keyId: string;
      name: string;
      basicPath: string;
      expiresAt: string | null;
      permissions: KeyPermissions;
      /** The account the key belongs to; null for the keys admins made before accounts. */
      accountId: string | null;
    };

/** A caller held to permissions and a base path: an API key or a member. */
export type ConfinedPrincipal = Extract<Principal, { type: 'apikey' | 'member' }>;

/** A caller signed in with an account's session (admin or member). */
export type AccountPrincipal = Extract<Principal, { type: 'admin' | 'member' }>;

/** The id of a signed-in account. */
export function accountIdOf(account: AccountPrincipal): string {
  return account.type === 'admin' ? account.adminId : account.accountId;
}

/** The account behind a principal: the admin's or member's id, a key's owner, or null. */
export function accountOf(principal: Principal): string | null {
  switch (principal.type) {
    case 'admin':
      return principal.adminId;
    case 'member':
    case 'apikey':
      return principal.accountId;
    case 'none':
      return null;
  }
}

/** A signed-in caller's kind, as the request log names it. */
export type CallerKind = Exclude<Principal['type'], 'none'>;

/** Why credentials that were sent did not resolve to a principal. */
export type AuthFailure = 'INVALID_TOKEN' | 'API_KEY_INVALID' | null;

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    principal: Principal;
    authFailure: AuthFailure;
    /** Set when first asked for: read it through clientIpOf (lib/principal.ts). */
    clientIp: string | undefined;
    /** The body as a limit read it: read it through bodyReadBy (lib/body-limit.ts). */
    bodyRead: ReadBody | undefined;
    /**
     * Who a route that checks credentials by itself (WebDAV's Basic) found, for the
     * request's log line: its principal stays 'none'.
     */
    callerKind: CallerKind | undefined;
  };
}

/** The created_by value of SPEC §3: the account's id (admin or member), or 'apikey:{id}'. */
export function creatorOf(principal: Principal): string {
  switch (principal.type) {
    case 'admin':
      return principal.adminId;
    case 'member':
      return principal.accountId;
    case 'apikey':
      return `apikey:${principal.keyId}`;
    case 'none':
      throw new Error('An anonymous caller creates nothing');
  }
}
