import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Clock } from './clock';
import { AppError } from './errors';

export interface RateLimitRule {
  /** What is limited, e.g. 'login'. */
  scope: string;
  /** Failures allowed per window. */
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /** The web panel's door: POST /api/admin/login and change-password's current password. */
  login: { scope: 'login', limit: 10, windowMs: 15 * 60_000 },
  /**
   * WebDAV's door (HTTP Basic), counted apart from the panel's: a drive client that keeps
   * sending a stale password (Windows, davfs2) locks only itself out, never the admin's
   * web login — and a guesser at the login form never blocks the mounted drive.
   */
  davLogin: { scope: 'dav-login', limit: 10, windowMs: 15 * 60_000 },
  /**
   * A sign-in's second step (TOTP, recovery code, passkey), per address and username like
   * login; and per account from every address, so a password known to many machines still
   * gets no more than 30 guesses at the code in a window (issue 32).
   */
  secondFactor: { scope: 'second-factor', limit: 10, windowMs: 15 * 60_000 },
  secondFactorAccount: { scope: 'second-factor-account', limit: 30, windowMs: 15 * 60_000 },
  /** Password-less passkey ceremonies opened per address, counting each (each is a row). */
  passkeyCeremony: { scope: 'passkey-ceremony', limit: 120, windowMs: 15 * 60_000 },
  apiKey: { scope: 'api-key', limit: 30, windowMs: 15 * 60_000 },
  sharePassword: { scope: 'share-password', limit: 20, windowMs: 15 * 60_000 },
  /**
   * Short links made per caller (the admin, or each API key), counting every creation, not
   * failures: each one is a row until its link expires (up to 7 days), so a script looping
   * on POST short-link cannot fill the database.
   */
  shortLink: { scope: 'short-link', limit: 120, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Attempt counters kept in the database, so every instance behind a load balancer sees the
 * same count (DESIGN §1, §5). An attempt is counted *before* the slow check it guards — one
 * atomic upsert that answers the new count — so a burst of N parallel guesses gets no more
 * tries than N sequential ones, on one instance or many. A check that succeeds gives its
 * attempt back (`release`) or clears the subject (`reset`): a client that succeeds is
 * never slowed.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt of `subject` and throws RATE_LIMITED when it is over the limit of
   * this window. Call it before the check; call `release` or `reset` if the check passes.
   */
  async reserve(rule: RateLimitRule, subject: string): Promise<void> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const windowFloor = new Date(now.getTime() - rule.windowMs).toISOString();
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket: bucketOf(rule, subject), window_start: nowIso, count: 1 })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.window_start', '<=', windowFloor)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('rate_limits.window_start', '<=', windowFloor)
            .then(nowIso)
            .else(eb.ref('rate_limits.window_start'))
            .end(),
        })),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    if (Number(row.count) > rule.limit) {
      const reopensAt = new Date(row.window_start).getTime() + rule.windowMs;
      throw new RateLimitedError(secondsUntil(reopensAt, now.getTime()));
    }
  }

  /** Gives back an attempt that succeeded, so it does not count against the subject. */
  async release(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('bucket', '=', bucketOf(rule, subject))
      .where('count', '>', 0)
      .execute();
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('bucket', '=', bucketOf(rule, subject)).execute();
  }

  /** Drops windows that are long over; called by the sweeper. */
  async sweep(maxWindowMs: number): Promise<void> {
    const floor = new Date(this.clock.now().getTime() - maxWindowMs).toISOString();
    await this.db.deleteFrom('rate_limits').where('window_start', '<', floor).execute();
  }
}

/**
 * RATE_LIMITED with the wait in it: every 429 says when to retry (`Retry-After`, and a
 * `retry_after` detail in the envelope), so a client — or the login form — can tell the
 * user how long instead of "later".
 */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many attempts, try again in ${retryAfterSeconds} seconds`, [
      { path: RETRY_AFTER_DETAIL, message: String(retryAfterSeconds) },
    ]);
  }
}

/** The envelope detail that carries the wait, in whole seconds (DESIGN §4 `details`). */
export const RETRY_AFTER_DETAIL = 'retry_after';

/** The `Retry-After` header for a refusal, or nothing when it is not a rate limit. */
export function retryAfterHeader(error: unknown): { 'retry-after': string } | undefined {
  return error instanceof RateLimitedError
    ? { 'retry-after': String(error.retryAfterSeconds) }
    : undefined;
}

/** Whole seconds until `untilMs`, at least 1: a 0 would invite an instant retry. */
function secondsUntil(untilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
}

function bucketOf(rule: RateLimitRule, subject: string): string {
  return `${rule.scope}:${subject}`.slice(0, 255);
}
