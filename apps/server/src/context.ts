import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Dialect } from './db/database';
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
  /** Absolute path of the built web app, when it should be served. */
  webDist?: string;
}

export interface KeyPermissions {
  text: boolean;
  file: boolean;
  mount: boolean;
}

/** Who is calling, resolved from the Authorization header (SPEC §6). */
export type Principal =
  | { type: 'none' }
  | { type: 'admin'; adminId: string; username: string; tokenHash: string; expiresAt: string }
  | {
      type: 'apikey';
      keyId: string;
      name: string;
      basicPath: string;
      expiresAt: string | null;
      permissions: KeyPermissions;
    };

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
  };
}

/** The created_by value of SPEC §3: the admin's id, or 'apikey:{id}'. */
export function creatorOf(principal: Principal): string {
  switch (principal.type) {
    case 'admin':
      return principal.adminId;
    case 'apikey':
      return `apikey:${principal.keyId}`;
    case 'none':
      throw new Error('An anonymous caller creates nothing');
  }
}
