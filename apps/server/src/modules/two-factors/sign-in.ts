import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type {
  PasskeyOptionsResult,
  PasskeyVerifyBody,
  SecondFactorBody,
} from '@pastebox/contract/schemas/two-factors';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { loginSubject, type SignInContext } from '@/lib/sign-in';
import { openSession, type OpenedSession, type SignInMethod } from '@/modules/sessions/service';
import { readSecuritySettings } from '@/modules/system-settings/service';
import {
  consumeChallenge,
  countAttempt,
  loadChallenge,
  openChallenge,
  refuseAnswer,
} from './challenges';
import { recoveryCodeHash } from './codes';
import {
  authenticationOptions,
  ceremonyMatches,
  findPasskey,
  verifyAssertion,
  type RelyingParty,
} from './passkeys';
import { TwoFactorRepo } from './repo';
import { checkTotpCode } from './totp';

type SignInAccount = { id: string; username: string; role: 'admin' | 'member' };

/** A finished sign-in: the session, and whose it is (for the audit log). */
export interface SignedIn {
  session: OpenedSession;
  account: { id: string; username: string };
}

async function signedIn(
  deps: AppDeps,
  account: SignInAccount,
  context: SignInContext,
  method: SignInMethod,
): Promise<SignedIn> {
  const session = await openSession(deps, account, context, method);
  return { session, account: { id: account.id, username: account.username } };
}

/**
 * Called by login once the password matched (auth/service.ts): an account with a second
 * factor gets a step to answer instead of a session (401 SECOND_FACTOR_REQUIRED); when the
 * server requires two factors of an account that has none, a step that lets it enrol
 * (401 TWO_FACTOR_ENROLMENT_REQUIRED). Otherwise login opens the session.
 */
export async function secondFactorGate(deps: AppDeps, account: SignInAccount): Promise<void> {
  const factors = await new TwoFactorRepo(deps.db).factorCounts(account.id);
  if (factors.totp || factors.passkeys > 0) {
    const methods = [
      ...(factors.totp ? ['totp'] : []),
      ...(factors.recoveryLeft > 0 ? ['recovery'] : []),
      ...(factors.passkeys > 0 ? ['passkey'] : []),
    ];
    const challenge = await openChallenge(deps, {
      accountId: account.id,
      purpose: 'second_factor',
    });
    throw new AppError('SECOND_FACTOR_REQUIRED', undefined, [
      { path: 'challenge', message: challenge },
      { path: 'methods', message: methods.join(',') },
    ]);
  }
  if ((await readSecuritySettings(deps)).require_two_factor) {
    const challenge = await openChallenge(deps, { accountId: account.id, purpose: 'enrolment' });
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', undefined, [
      { path: 'challenge', message: challenge },
      { path: 'methods', message: 'totp,passkey' },
    ]);
  }
}

/** The account a step names, able to sign in (a disabled one is told so). */
async function signInAccountOf(deps: AppDeps, accountId: string | null): Promise<SignInAccount> {
  const account = accountId ? await new TwoFactorRepo(deps.db).findAccount(accountId) : undefined;
  if (!account) {
    throw new AppError('SIGN_IN_CHALLENGE_INVALID');
  }
  if (account.disabled === 1) {
    throw new AppError('ACCOUNT_DISABLED');
  }
  return account;
}

/** Counts the attempt in both buckets before the check; answers how to give them back. */
async function reserveAttempt(deps: AppDeps, context: SignInContext, account: SignInAccount) {
  const subject = loginSubject(context.clientIp, account.username);
  await deps.rateLimiter.reserve(RATE_LIMITS.secondFactor, subject);
  await deps.rateLimiter.reserve(RATE_LIMITS.secondFactorAccount, account.id);
  return async () => {
    await deps.rateLimiter.reset(RATE_LIMITS.secondFactor, subject);
    await deps.rateLimiter.release(RATE_LIMITS.secondFactorAccount, account.id);
  };
}

/** POST /api/auth/second-factor: a TOTP code or a recovery code ends the step in a session. */
export async function answerSecondFactor(
  deps: AppDeps,
  context: SignInContext,
  body: SecondFactorBody,
): Promise<SignedIn> {
  const step = await loadChallenge(deps, body.challenge, 'second_factor');
  const account = await signInAccountOf(deps, step.account_id);
  const succeeded = await reserveAttempt(deps, context, account);
  await countAttempt(deps, step);
  const accepted =
    body.method === 'totp'
      ? await checkTotpCode(deps, account.id, body.code)
      : await new TwoFactorRepo(deps.db).useRecoveryCode(
          account.id,
          recoveryCodeHash(body.code),
          isoNow(deps.clock),
        );
  if (!accepted) {
    return refuseAnswer(deps, step);
  }
  await consumeChallenge(deps, step);
  await succeeded();
  return signedIn(deps, account, context, body.method);
}

/**
 * POST /api/auth/passkey/options: with the password step's challenge, the account's
 * passkeys are offered; without, any discoverable passkey (password-less sign-in).
 */
export async function passkeySignInOptions(
  deps: AppDeps,
  context: SignInContext,
  rp: RelyingParty,
  challenge: string | undefined,
): Promise<PasskeyOptionsResult> {
  if (challenge) {
    const step = await loadChallenge(deps, challenge, 'second_factor');
    return authenticationOptions(deps, step.account_id, rp);
  }
  await deps.rateLimiter.reserve(RATE_LIMITS.passkeyCeremony, context.clientIp);
  return authenticationOptions(deps, null, rp);
}

/** POST /api/auth/passkey/verify: a passkey's signature ends the sign-in in a session. */
export async function verifyPasskeySignIn(
  deps: AppDeps,
  context: SignInContext,
  rp: RelyingParty,
  body: Omit<PasskeyVerifyBody, 'response'> & { response: AuthenticationResponseJSON },
): Promise<SignedIn> {
  if (!ceremonyMatches(body.ceremony, body.response)) {
    throw new AppError('SECOND_FACTOR_INVALID');
  }
  const ceremony = await loadChallenge(deps, body.ceremony, 'passkey');
  // The password step, when this ceremony was opened for one: both must still stand.
  const step = body.challenge ? await loadChallenge(deps, body.challenge, 'second_factor') : null;
  if ((ceremony.account_id ?? null) !== (step?.account_id ?? null)) {
    throw new AppError('SIGN_IN_CHALLENGE_INVALID');
  }
  await consumeChallenge(deps, ceremony);
  const passkey = await findPasskey(deps, body.response.id);
  if (!passkey || (step && passkey.account_id !== step.account_id)) {
    await deps.rateLimiter.reserve(RATE_LIMITS.secondFactor, loginSubject(context.clientIp, ''));
    throw new AppError('SECOND_FACTOR_INVALID');
  }
  const account = await signInAccountOf(deps, passkey.account_id);
  const succeeded = await reserveAttempt(deps, context, account);
  if (step) {
    await countAttempt(deps, step);
  }
  const requireUserVerification = step === null;
  if (
    !(await verifyAssertion(
      deps,
      passkey,
      rp,
      body.ceremony,
      body.response,
      requireUserVerification,
    ))
  ) {
    if (step) {
      await refuseAnswer(deps, step);
    }
    throw new AppError('SECOND_FACTOR_INVALID');
  }
  if (step) {
    await consumeChallenge(deps, step);
  }
  await succeeded();
  return signedIn(deps, account, context, 'passkey');
}
