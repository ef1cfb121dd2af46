import * as oidc from 'openid-client';
import type { AppDeps } from '@/context';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { TtlCache } from '@/lib/ttl-cache';
import type { EffectiveSso } from './settings';

/**
 * The OpenID provider, through openid-client (DESIGN §12): discovery, the authorization
 * URL (code flow with PKCE S256, state and nonce), and the code exchange with the ID
 * token's checks (signature, issuer, audience, expiry, nonce). Nothing here trusts the
 * browser: the state, nonce and verifier come from the sso_states row.
 */

/** A discovered provider is reused this long: its keys rotate, its endpoints rarely move. */
const DISCOVERY_MS = 10 * 60_000;
/** A provider that does not answer within this fails the sign-in instead of hanging it. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Claims of the person, from the ID token and (when the provider has one) userinfo. */
export type PersonClaims = Record<string, unknown> & { sub: string; iss: string };

const discovered = new WeakMap<AppDeps, TtlCache<Promise<oidc.Configuration>>>();

/** The provider's configuration, discovered once per issuer, client and secret. */
function providerOf(deps: AppDeps, sso: EffectiveSso): Promise<oidc.Configuration> {
  let cache = discovered.get(deps);
  if (!cache) {
    cache = new TtlCache(16);
    discovered.set(deps, cache);
  }
  const key = sha256Hex(`${sso.issuer}\n${sso.client_id}\n${sso.client_secret}`);
  const now = deps.clock.now().getTime();
  const hit = cache.get(key, now);
  if (hit) {
    return hit;
  }
  const pending = discover(sso);
  cache.set(key, pending, now + DISCOVERY_MS);
  // A failed discovery is not kept: the next sign-in tries again.
  pending.catch(() => cache.delete(key));
  return pending;
}

async function discover(sso: EffectiveSso): Promise<oidc.Configuration> {
  // An http:// issuer is the admin's explicit choice (a provider on the same private
  // network, or a test); openid-client refuses plain HTTP unless told so.
  const insecure = new URL(sso.issuer).protocol === 'http:';
  return oidc.discovery(
    new URL(sso.issuer),
    sso.client_id,
    sso.client_secret || undefined,
    undefined,
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
}

/** The scopes asked for, always with `openid` (without it there is no ID token). */
function scopesOf(sso: EffectiveSso): string {
  const scopes = sso.scopes.split(/\s+/).filter(Boolean);
  return (scopes.includes('openid') ? scopes : ['openid', ...scopes]).join(' ');
}

/** The secrets of one sign-in: the state names it, the others check the answer. */
export interface SignInSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newSignInSecrets(): SignInSecrets {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/** Where to send the browser to sign in at the provider. */
export async function authorizationUrl(
  deps: AppDeps,
  sso: EffectiveSso,
  secrets: SignInSecrets,
  redirectUri: string,
): Promise<string> {
  const provider = await reach(() => providerOf(deps, sso));
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: scopesOf(sso),
    response_type: 'code',
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

/**
 * Exchanges the callback's code for tokens and answers who signed in. `callbackQuery`
 * is the query string the provider sent the browser back with; `redirectUri` the one the
 * sign-in started with (the token endpoint compares them).
 */
export async function exchangeCode(
  deps: AppDeps,
  sso: EffectiveSso,
  secrets: SignInSecrets,
  redirectUri: string,
  callbackQuery: URLSearchParams,
): Promise<PersonClaims> {
  const provider = await reach(() => providerOf(deps, sso));
  const current = new URL(redirectUri);
  current.search = callbackQuery.toString();
  const tokens = await reach(() =>
    oidc.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    }),
  );
  const idClaims = tokens.claims();
  if (!idClaims) {
    throw new AppError('SSO_FAILED', 'The provider sent no ID token');
  }
  let extra: Record<string, unknown> = {};
  // Many providers put e-mail and groups only in userinfo (the ID token stays small).
  if (provider.serverMetadata().userinfo_endpoint && tokens.access_token) {
    extra = await reach(() => oidc.fetchUserInfo(provider, tokens.access_token, idClaims.sub));
  }
  // The ID token's own claims win: it is signed, and sub/iss must be its.
  return { ...extra, ...idClaims };
}

/** A provider's refusal or an unreachable provider is SSO_FAILED, with the reason logged. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    throw new SsoProviderError(error);
  }
}

/** SSO_FAILED that keeps the provider's error for the log (never shown to the browser). */
export class SsoProviderError extends AppError {
  constructor(readonly reason: unknown) {
    super('SSO_FAILED', reason instanceof Error ? reason.message : 'The provider refused');
  }
}
