import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { publicBaseUrl } from '@/lib/public-url';

/** The base of the absolute visit links in this request's answer (lib/public-url.ts). */
export function linkBaseOf(c: Context<AppEnv>): string {
  return publicBaseUrl(c.get('deps').config, c.req.raw);
}
