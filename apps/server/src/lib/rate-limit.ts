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
  login: { scope: 'login', limit: 10, windowMs: 15 * 60_000 },
  apiKey: { scope: 'api-key', limit: 30, windowMs: 15 * 60_000 },
  sharePassword: { scope: 'share-password', limit: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Failure counters kept in the database, so every instance behind a load balancer sees
 * the same count (DESIGN §1). Only failures count: a client that succeeds is never slowed.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Throws RATE_LIMITED when `subject` has used up its failures in this window. */
  async assertAllowed(rule: RateLimitRule, subject: string): Promise<void> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('bucket', '=', bucketOf(rule, subject))
      .executeTakeFirst();
    if (row && !this.windowOver(rule, row.window_start) && row.count >= rule.limit) {
      throw new AppError('RATE_LIMITED');
    }
  }

  /** Counts one failure, starting a new window when the old one is over. */
  async recordFailure(rule: RateLimitRule, subject: string): Promise<void> {
    const now = this.clock.now().toISOString();
    const windowFloor = new Date(this.clock.now().getTime() - rule.windowMs).toISOString();
    await this.db
      .insertInto('rate_limits')
      .values({ bucket: bucketOf(rule, subject), window_start: now, count: 1 })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.window_start', '<', windowFloor)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('rate_limits.window_start', '<', windowFloor)
            .then(now)
            .else(eb.ref('rate_limits.window_start'))
            .end(),
        })),
      )
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

  private windowOver(rule: RateLimitRule, windowStart: string): boolean {
    return Date.parse(windowStart) + rule.windowMs <= this.clock.now().getTime();
  }
}

function bucketOf(rule: RateLimitRule, subject: string): string {
  return `${rule.scope}:${subject}`.slice(0, 255);
}
