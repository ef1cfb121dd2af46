import type { SsoLoginInfo } from '@pastebox/contract/schemas/sso';
import type { AppDeps } from '@/context';
import { addMs, isoNow } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import type { RateLimitRule } from '@/lib/rate-limit';
import {
  applyProvisionedRights,
  findAccountByEmail,
  findAccountById,
  findAccountByUsername,
  provisionAccount,
} from '@/modules/accounts/service';
import type { SignInContext } from '@/lib/sign-in';
import { openSession, type OpenedSession } from '@/modules/sessions/service';
import {
  checkEmailDomain,
  emailOf,
  mappedRights,
  memberRights,
  personOf,
  preferredUsernameOf,
  verifiedEmailOf,
} from './mapping';
import { authorizationUrl, exchangeCode, newSignInSecrets, type PersonClaims } from './provider';
import { SsoRepo } from './repo';
import { readEffectiveSso, ssoUsable, type EffectiveSso } from './settings';

/**
 * Single sign-on (issue 32): the code flow from start to session. A sign-in under way is
 * a row (sso_states), so any instance can finish what another started; it lives 10
 * minutes and is used once.
 */

const STATE_MS = 10 * 60_000;

/**
 * Callbacks per address, counted before the token exchange (the slow, outward step), as
 * the login counts before its password check. A finished sign-in gives its attempt back.
 */
export const SSO_CALLBACK_LIMIT: RateLimitRule = { scope: 'sso', limit: 20, windowMs: 15 * 60_000 };

/** GET /api/auth/sso: what the login screen shows. */
export async function ssoLoginInfo(deps: AppDeps): Promise<SsoLoginInfo> {
  const sso = await readEffectiveSso(deps);
  const usable = ssoUsable(sso);
  return {
    enabled: usable,
    name: sso.name || 'SSO',
    hide_password_form: usable && sso.hide_password_form,
  };
}

async function usableSso(deps: AppDeps): Promise<EffectiveSso> {
  const sso = await readEffectiveSso(deps);
  if (!ssoUsable(sso)) {
    throw new AppError('SSO_NOT_CONFIGURED');
  }
  return sso;
}

/** A path on this server to come back to; anything else (another origin) is '/'. */
export function safeReturnPath(wanted: string | undefined): string {
  if (!wanted?.startsWith('/') || wanted.startsWith('//') || /[\\\s]/.test(wanted)) {
    return '/';
  }
  return wanted;
}

/** GET /api/auth/sso/start: stores the sign-in's secrets and answers the provider's URL. */
export async function startSso(
  deps: AppDeps,
  redirectUri: string,
  returnTo: string | undefined,
): Promise<string> {
  const sso = await usableSso(deps);
  const secrets = newSignInSecrets();
  const url = await authorizationUrl(deps, sso, secrets, redirectUri);
  const repo = new SsoRepo(deps.db);
  const now = deps.clock.now();
  // Abandoned sign-ins go here, not in a sweep: starting one is when rows are made.
  await repo.deleteExpiredStates(now.toISOString());
  await repo.insertState({
    state_hash: sha256Hex(secrets.state),
    nonce: secrets.nonce,
    code_verifier: secrets.codeVerifier,
    return_to: safeReturnPath(returnTo),
    expires_at: addMs(now, STATE_MS).toISOString(),
    created_at: now.toISOString(),
  });
  return url;
}

/** A finished sign-in: the session, where to go, and who it was (for the audit log). */
export interface FinishedSso {
  session: OpenedSession;
  returnTo: string;
  accountId: string;
}

/** The person who failed to sign in, when the provider got as far as naming them. */
export class SsoRefusal extends AppError {
  constructor(
    base: AppError,
    readonly person: string | null,
  ) {
    super(base.key, base.message, base.details);
  }
}

/**
 * GET /api/auth/sso/callback: checks the state (once), exchanges the code, and signs the
 * person in to their account — found by identity, linked by verified e-mail or username,
 * or created — with the role the provider's claim maps to.
 */
export async function finishSso(
  deps: AppDeps,
  context: SignInContext,
  redirectUri: string,
  query: URLSearchParams,
): Promise<FinishedSso> {
  const sso = await usableSso(deps);
  await deps.rateLimiter.reserve(SSO_CALLBACK_LIMIT, context.clientIp);
  const repo = new SsoRepo(deps.db);
  const state = query.get('state');
  const stateHash = state ? sha256Hex(state) : null;
  const row = stateHash ? await repo.findState(stateHash, isoNow(deps.clock)) : undefined;
  // Used up before the exchange: a replayed callback finds no state, even mid-exchange.
  if (!state || !row || !stateHash || !(await repo.consumeState(stateHash))) {
    throw new AppError('SSO_FAILED', 'Unknown, expired or already used sign-in state');
  }
  const secrets = { state, nonce: row.nonce, codeVerifier: row.code_verifier };
  const claims = await exchangeCode(deps, sso, secrets, redirectUri, query);
  try {
    checkEmailDomain(sso, claims);
    const account = await accountFor(deps, sso, claims);
    const session = await openSession(deps, account, context, 'sso');
    await deps.rateLimiter.release(SSO_CALLBACK_LIMIT, context.clientIp);
    return { session, returnTo: row.return_to, accountId: account.id };
  } catch (error) {
    if (error instanceof AppError) {
      throw new SsoRefusal(error, emailOf(claims) ?? preferredUsernameOf(claims) ?? claims.sub);
    }
    throw error;
  }
}

async function accountFor(deps: AppDeps, sso: EffectiveSso, claims: PersonClaims) {
  const found = (await linkedAccount(deps, claims)) ?? (await createdAccount(deps, sso, claims));
  if (found.disabled === 1) {
    throw new AppError('ACCOUNT_DISABLED');
  }
  const rights = mappedRights(sso, claims);
  return rights ? applyProvisionedRights(deps, found, rights) : found;
}

/**
 * The account this person signed in to before, else an existing one linked now: by the
 * verified e-mail, else by the provider's username — the latter only for an account with
 * no password (one an admin made for SSO, or an open invitation): a provider user named
 * "admin" must not become the local admin. An account already linked to someone else at
 * this provider is never taken over.
 */
async function linkedAccount(deps: AppDeps, claims: PersonClaims) {
  const repo = new SsoRepo(deps.db);
  const identity = await repo.findIdentity(claims.iss, claims.sub);
  if (identity) {
    return findAccountById(deps, identity.account_id);
  }
  const email = verifiedEmailOf(claims);
  const username = preferredUsernameOf(claims);
  const byName = username ? await findAccountByUsername(deps, username) : undefined;
  const candidates = [
    email ? await findAccountByEmail(deps, email) : undefined,
    byName?.password_hash === '' ? byName : undefined,
  ];
  for (const candidate of candidates) {
    if (candidate && !(await repo.hasIdentityAt(candidate.id, claims.iss))) {
      await linkIdentity(deps, claims, candidate.id);
      return candidate;
    }
  }
  return undefined;
}

async function createdAccount(deps: AppDeps, sso: EffectiveSso, claims: PersonClaims) {
  if (!sso.create_accounts) {
    throw new AppError('SSO_NO_ACCOUNT');
  }
  const rights = mappedRights(sso, claims) ?? memberRights(sso);
  const account = await provisionAccount(deps, personOf(claims), rights);
  await linkIdentity(deps, claims, account.id);
  return account;
}

async function linkIdentity(deps: AppDeps, claims: PersonClaims, accountId: string) {
  await new SsoRepo(deps.db).insertIdentity({
    issuer: claims.iss,
    subject: claims.sub,
    account_id: accountId,
    created_at: isoNow(deps.clock),
  });
}
