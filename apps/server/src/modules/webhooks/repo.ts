import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import type { Dialect } from '@/db/database';
import type { Database, WebhookDeliveriesTable } from '@/db/types';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewDelivery = Insertable<WebhookDeliveriesTable>;

/** A released lease: already expired for any clock. */
const EXPIRED = '1970-01-01T00:00:00.000Z';
const FINISHED = ['delivered', 'failed'];

/**
 * Due for an attempt at `nowIso`: pending and its back-off over, or running under a lease
 * that ended (its runner died or let go of it); not one of `skip`, the claiming runner's own.
 */
function claimable(nowIso: string, skip: readonly string[]) {
  return (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
    eb.and([
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', nowIso)]),
      ]),
      ...(skip.length > 0 ? [eb('id', 'not in', [...skip])] : []),
    ]);
}

/** SQL for webhook deliveries; one query a method, each write conditional on the lease. */
export class WebhooksRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  insert(row: NewDelivery) {
    return this.db.insertInto('webhook_deliveries').values(row).executeTakeFirstOrThrow();
  }

  findById(id: string) {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The row while `owner` holds it; undefined once the lease went elsewhere. */
  findHeld(id: string, owner: string) {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  /** Whether `owner` still holds the delivery: the runner's watch, about once a second. */
  holds(id: string, owner: string) {
    return this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  /**
   * Claims the delivery due the longest for `owner`: one conditional UPDATE, so two runners
   * never get the same one (PostgreSQL skips rows another claim has locked; SQLite writes
   * one at a time). A read first keeps an idle poll from taking the write lock.
   */
  async claim(owner: string, nowIso: string, leaseIso: string, skip: readonly string[]) {
    const where = claimable(nowIso, skip);
    const any = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where(where)
      .limit(1)
      .execute();
    if (any.length === 0) {
      return undefined;
    }
    const oldest = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where(where)
      .orderBy('next_attempt_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1);
    return this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: 'running',
        lease_owner: owner,
        lease_expires_at: leaseIso,
        claims: eb('claims', '+', 1),
        updated_at: nowIso,
      }))
      .where('id', '=', this.dialect === 'postgres' ? oldest.forUpdate().skipLocked() : oldest)
      .where(where)
      .returningAll()
      .executeTakeFirst();
  }

  /** A longer lease while `owner` holds the delivery; undefined when it no longer does. */
  renew(id: string, owner: string, nowIso: string, leaseIso: string) {
    return this.db
      .updateTable('webhook_deliveries')
      .set({ lease_expires_at: leaseIso, updated_at: nowIso })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst();
  }

  /**
   * Ends the attempt `owner` made: `status` delivered or failed (finished), or pending again
   * until `nextAttemptAt`. Conditional on the lease and on the attempt count read before,
   * so an attempt is recorded once.
   */
  recordAttempt(
    id: string,
    owner: string,
    attemptsBefore: number,
    values: {
      status: 'delivered' | 'failed' | 'pending';
      nextAttemptAt: string | null;
      lastStatus: number | null;
      lastError: string | null;
    },
    nowIso: string,
  ) {
    const finished = values.status !== 'pending';
    return this.db
      .updateTable('webhook_deliveries')
      .set({
        status: values.status,
        attempts: attemptsBefore + 1,
        claims: 0,
        last_status: values.lastStatus,
        last_error: values.lastError,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: nowIso,
        finished_at: finished ? nowIso : null,
        ...(values.nextAttemptAt ? { next_attempt_at: values.nextAttemptAt } : {}),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .where('attempts', '=', attemptsBefore)
      .executeTakeFirst();
  }

  /** The lease ends now; the delivery stays running, for any runner to take over. */
  release(id: string, owner: string, nowIso: string) {
    return this.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: null, lease_expires_at: EXPIRED, updated_at: nowIso })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  /** Deliveries that ended before `beforeIso` (the sweeper's retention). */
  deleteFinishedBefore(beforeIso: string) {
    return this.db
      .deleteFrom('webhook_deliveries')
      .where('status', 'in', FINISHED)
      .where('finished_at', '<', beforeIso)
      .executeTakeFirst();
  }
}
