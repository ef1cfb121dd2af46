import type { AppDeps } from '@/context';
import type { ChallengePurpose } from '@/db/types';
import { isoNow } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { randomToken } from '@/lib/ids';
import { TwoFactorRepo, type ChallengeRow } from './repo';

/** A sign-in step lives this long (issue 32): long enough to find the phone, no longer. */
export const CHALLENGE_MS = 5 * 60_000;
/** Wrong answers a step takes before it ends (a new password sign-in starts a new one). */
export const MAX_ATTEMPTS = 5;

/**
 * Opens a step and answers its token (only its SHA-256 is kept). `token` is given for a
 * WebAuthn ceremony, whose token is the WebAuthn challenge itself: the browser's signed
 * answer names it, so the step is found from the answer. Steps that ran out are swept here,
 * on the way: a step is made only by a sign-in, so the table stays as small as its traffic.
 */
export async function openChallenge(
  deps: AppDeps,
  step: { accountId: string | null; purpose: ChallengePurpose; token?: string },
): Promise<string> {
  const token = step.token ?? randomToken(32);
  const now = deps.clock.now();
  const repo = new TwoFactorRepo(deps.db);
  await repo.deleteExpiredChallenges(now.toISOString());
  await repo.insertChallenge({
    token_hash: sha256Hex(token),
    account_id: step.accountId,
    purpose: step.purpose,
    webauthn_challenge: step.token ?? null,
    attempts: 0,
    expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    created_at: now.toISOString(),
  });
  return token;
}

/** The live step of `purpose` the token names, or SIGN_IN_CHALLENGE_INVALID. */
export async function loadChallenge(
  deps: AppDeps,
  token: string,
  purpose: ChallengePurpose,
): Promise<ChallengeRow> {
  const row = await new TwoFactorRepo(deps.db).findChallenge(
    sha256Hex(token),
    purpose,
    isoNow(deps.clock),
  );
  if (!row || row.attempts >= MAX_ATTEMPTS) {
    throw new AppError('SIGN_IN_CHALLENGE_INVALID');
  }
  return row;
}

/**
 * Counts an answer against the step *before* it is checked — one atomic increment, so a
 * burst of parallel guesses gets no more than MAX_ATTEMPTS checks. Past the last one the
 * step ends.
 */
export async function countAttempt(deps: AppDeps, row: ChallengeRow): Promise<void> {
  const repo = new TwoFactorRepo(deps.db);
  const attempts = await repo.countAttempt(row.token_hash);
  if (attempts === 0 || attempts > MAX_ATTEMPTS) {
    await repo.consumeChallenge(row.token_hash);
    throw new AppError('SIGN_IN_CHALLENGE_INVALID');
  }
}

/** A wrong answer: the step ends once its attempts are spent. */
export async function refuseAnswer(deps: AppDeps, row: ChallengeRow): Promise<never> {
  const current = await new TwoFactorRepo(deps.db).findChallenge(
    row.token_hash,
    row.purpose,
    isoNow(deps.clock),
  );
  if (current && current.attempts >= MAX_ATTEMPTS) {
    await new TwoFactorRepo(deps.db).consumeChallenge(row.token_hash);
  }
  throw new AppError('SECOND_FACTOR_INVALID');
}

/** Ends a step that was answered; only one of two parallel right answers gets through. */
export async function consumeChallenge(deps: AppDeps, row: ChallengeRow): Promise<void> {
  if (!(await new TwoFactorRepo(deps.db).consumeChallenge(row.token_hash))) {
    throw new AppError('SIGN_IN_CHALLENGE_INVALID');
  }
}
