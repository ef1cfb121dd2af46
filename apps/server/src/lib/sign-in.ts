import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { clientIpOf } from './principal';

/** Where a sign-in comes from (sessions, two factors, single sign-on, the audit log). */
export interface SignInContext {
  clientIp: string;
  userAgent: string | null;
}

/** A request's sign-in context: the client's address and its User-Agent, as sent. */
export function signInContextOf(c: Context<AppEnv>): SignInContext {
  return { clientIp: clientIpOf(c), userAgent: c.req.header('user-agent') ?? null };
}

/**
 * Login lockout is per (username, address) (DESIGN §5): a guesser locks out only its own
 * tries at that name, never the account signing in from elsewhere. Each door counts in its
 * own bucket (RATE_LIMITS.login for the panel, .davLogin for WebDAV Basic, the second
 * factor's own).
 */
export function loginSubject(clientIp: string, username: string): string {
  return `${clientIp}|${username.trim().toLowerCase()}`;
}
