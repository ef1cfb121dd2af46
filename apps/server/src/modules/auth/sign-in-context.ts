import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { clientIpOf } from '@/lib/principal';
import type { SignInContext } from './sessions';

/** Where a sign-in comes from: the client's address and its User-Agent, as sent. */
export function signInContextOf(c: Context<AppEnv>): SignInContext {
  return { clientIp: clientIpOf(c), userAgent: c.req.header('user-agent') ?? null };
}
