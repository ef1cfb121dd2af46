import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { publicBaseUrl } from '@/lib/public-url';
import type { RelyingParty } from './passkeys';

/**
 * The WebAuthn relying party of a request: WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN when set, else
 * the host and origin of the request's public URL (PUBLIC_URL, or the origin it was sent
 * to; forwarded headers only behind TRUST_PROXY) — never a value the client chose.
 */
export function relyingPartyOf(c: Context<AppEnv>): RelyingParty {
  const config = c.get('deps').config;
  const base = new URL(publicBaseUrl(config, c.req.raw));
  return {
    id: config.WEBAUTHN_RP_ID ?? base.hostname,
    origin: config.WEBAUTHN_ORIGIN ?? base.origin,
  };
}
