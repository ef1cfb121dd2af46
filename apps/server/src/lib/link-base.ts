import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { publicBaseUrl } from './public-url';

/** The base of the absolute links in this request's answer (lib/public-url.ts). */
export function linkBaseOf(c: Context<AppEnv>): string {
  return publicBaseUrl(c.get('deps').config, c.req.raw);
}
