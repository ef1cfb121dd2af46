import type { LoginResult } from '@pastebox/contract/schemas/auth';
import type { AccountPrincipal, AppDeps, Principal } from '@/context';
import { accountIdOf } from '@/context';
import { AppError } from '@/lib/errors';
import type { SignInContext } from '@/lib/sign-in';
import { endSessionsOf, openSession, type SignInMethod } from '@/modules/sessions/service';
import { consumeChallenge, countAttempt, loadChallenge } from './challenges';
import { TwoFactorRepo, type ChallengeRow } from './repo';

/**
 * Who is enrolling a factor: a signed-in account (its session), or — when the server
 * requires two factors of an account that has none — the TWO_FACTOR_ENROLMENT_REQUIRED
 * step its password sign-in got instead of a session (docs/design-notes.md: only these
 * calls read such a step, so no half-signed-in session exists for other routes to refuse).
 */
export interface Enroller {
  id: string;
  username: string;
  role: 'admin' | 'member';
  /** The session's token hash, kept when other sessions end; null when enrolling by step. */
  tokenHash: string | null;
  /** The enrolment step, when that is how the caller came. */
  step: ChallengeRow | null;
}

function fromPrincipal(principal: AccountPrincipal): Enroller {
  return {
    id: accountIdOf(principal),
    username: principal.username,
    role: principal.type,
    tokenHash: principal.tokenHash,
    step: null,
  };
}

/** The enroller of a call: its session, else the enrolment step in its body, else 401. */
export async function enrollerOf(
  deps: AppDeps,
  principal: Principal,
  challenge: string | undefined,
): Promise<Enroller> {
  if (principal.type === 'admin' || principal.type === 'member') {
    return fromPrincipal(principal);
  }
  if (principal.type !== 'none' || !challenge) {
    return failUnauthenticated(principal);
  }
  const step = await loadChallenge(deps, challenge, 'enrolment');
  const account = step.account_id
    ? await new TwoFactorRepo(deps.db).findAccount(step.account_id)
    : undefined;
  if (!account || account.disabled === 1) {
    throw new AppError('SIGN_IN_CHALLENGE_INVALID');
  }
  return { id: account.id, username: account.username, role: account.role, tokenHash: null, step };
}

function failUnauthenticated(principal: Principal): never {
  if (principal.type === 'apikey') {
    throw new AppError('FORBIDDEN', 'Sign in with an account; an API key has no account page');
  }
  throw new AppError('UNAUTHORIZED');
}

/** A code checked for an enrolment step counts against the step's attempts first. */
export async function countEnrolmentAttempt(deps: AppDeps, enroller: Enroller): Promise<void> {
  if (enroller.step) {
    await countAttempt(deps, enroller.step);
  }
}

/**
 * After a factor was added: every other session of the account ends (a factor changes
 * what signing in means), and an enrolment step ends in the session its sign-in was
 * waiting for.
 */
export async function finishEnrolment(
  deps: AppDeps,
  enroller: Enroller,
  context: SignInContext,
  method: SignInMethod,
): Promise<{ login?: LoginResult }> {
  if (!enroller.step) {
    await endSessionsOf(deps, enroller.id, enroller.tokenHash ?? undefined);
    return {};
  }
  await consumeChallenge(deps, enroller.step);
  await endSessionsOf(deps, enroller.id);
  return { login: await openSession(deps, enroller, context, method) };
}
