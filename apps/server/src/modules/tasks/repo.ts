import { FINISHED_TASK_STATUSES } from '@pastebox/contract/schemas/task';
import type { ExpressionBuilder, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '@/db/database';
import { withinOwnerScope, type OwnerScope } from '@/db/filters';
import type { Database, TasksTable } from '@/db/types';

export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
/** Whose tasks a query may touch: every one (admin) or one creator's (key). */
export type TaskScope = OwnerScope;
export type TaskStatusFilter = 'active' | 'finished' | 'all';

/** The columns a runner writes as a task goes. */
export type TaskProgressColumns = Pick<
  Updateable<TasksTable>,
  | 'total_items'
  | 'processed_items'
  | 'total_bytes'
  | 'processed_bytes'
  | 'success_count'
  | 'skipped_count'
  | 'failed_count'
  | 'current_file'
  | 'failures'
  | 'checkpoint'
>;

const ACTIVE_STATUSES = ['pending', 'running'];
const FINISHED_STATUSES = [...FINISHED_TASK_STATUSES];
/** A released lease: already expired for any clock. */
const EXPIRED = '1970-01-01T00:00:00.000Z';

/**
 * Pending, or running under a lease that ended before `nowIso` (its runner died or let go
 * of it); not one of `skip`, the tasks the claiming runner is working on itself.
 */
function claimable(nowIso: string, skip: readonly string[]) {
  return (eb: ExpressionBuilder<Database, 'tasks'>) =>
    eb.and([
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', nowIso)]),
      ]),
      ...(skip.length > 0 ? [eb('id', 'not in', [...skip])] : []),
    ]);
}

/** SQL for tasks; one method per query, the owner in the WHERE where a scope applies. */
export class TasksRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  insert(row: NewTask) {
    return this.db.insertInto('tasks').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findById(id: string, scope: TaskScope) {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
  }

  /** Newest first. */
  list(scope: TaskScope, status: TaskStatusFilter, limit: number) {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(status === 'active', (qb) => qb.where('status', 'in', ACTIVE_STATUSES))
      .$if(status === 'finished', (qb) => qb.where('status', 'in', FINISHED_STATUSES))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** A task no runner holds yet ends at once; undefined when it was claimed meanwhile. */
  cancelPending(id: string, scope: TaskScope, nowIso: string) {
    return this.db
      .updateTable('tasks')
      .set({ status: 'cancelled', cancel_requested: 1, finished_at: nowIso, updated_at: nowIso })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .$call((qb) => withinOwnerScope(qb, scope))
      .returningAll()
      .executeTakeFirst();
  }

  /** Asks the runner to stop; it reads the flag within a second (jobs/progress-writer.ts). */
  requestCancel(id: string, scope: TaskScope, nowIso: string) {
    return this.db
      .updateTable('tasks')
      .set({ cancel_requested: 1, updated_at: nowIso })
      .where('id', '=', id)
      .where('status', 'in', ACTIVE_STATUSES)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
  }

  /** Deletes a finished task; an active one stays (0 rows). */
  deleteFinished(id: string, scope: TaskScope) {
    return this.db
      .deleteFrom('tasks')
      .where('id', '=', id)
      .where('status', 'in', FINISHED_STATUSES)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
  }

  /** Finished tasks that ended before `beforeIso` (the sweeper's retention). */
  deleteFinishedBefore(beforeIso: string) {
    return this.db
      .deleteFrom('tasks')
      .where('status', 'in', FINISHED_STATUSES)
      .where('finished_at', '<', beforeIso)
      .executeTakeFirst();
  }

  /**
   * Claims the oldest claimable task for `owner`: one conditional UPDATE, so two runners
   * never get the same task. PostgreSQL skips rows another claim has locked; SQLite runs
   * one write at a time. A read first keeps an idle poll from taking the write lock.
   */
  async claim(owner: string, nowIso: string, leaseIso: string, skip: readonly string[]) {
    const where = claimable(nowIso, skip);
    const any = await this.db.selectFrom('tasks').select('id').where(where).limit(1).execute();
    if (any.length === 0) {
      return undefined;
    }
    const oldest = this.db
      .selectFrom('tasks')
      .select('id')
      .where(where)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1);
    return this.db
      .updateTable('tasks')
      .set((eb) => ({
        status: 'running',
        lease_owner: owner,
        lease_expires_at: leaseIso,
        attempts: eb('attempts', '+', 1),
        started_at: eb.fn.coalesce('started_at', eb.val(nowIso)),
        updated_at: nowIso,
      }))
      .where('id', '=', this.dialect === 'postgres' ? oldest.forUpdate().skipLocked() : oldest)
      .where(where)
      .returningAll()
      .executeTakeFirst();
  }

  /** Progress and a longer lease, while `owner` holds the task; answers the cancel flag. */
  saveProgress(
    id: string,
    owner: string,
    progress: TaskProgressColumns,
    nowIso: string,
    leaseIso: string,
  ) {
    return this.db
      .updateTable('tasks')
      .set({ ...progress, lease_expires_at: leaseIso, updated_at: nowIso })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .returning('cancel_requested')
      .executeTakeFirst();
  }

  /**
   * The cancel flag of a task `owner` holds: one row by primary key, read about once a
   * second per running task (the runner's cancel watch), so it takes no write lock.
   */
  cancelFlag(id: string, owner: string) {
    return this.db
      .selectFrom('tasks')
      .select('cancel_requested')
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  finish(
    id: string,
    owner: string,
    values: TaskProgressColumns & { status: string; error: string | null },
    nowIso: string,
  ) {
    return this.db
      .updateTable('tasks')
      .set({
        ...values,
        lease_owner: null,
        lease_expires_at: null,
        finished_at: nowIso,
        updated_at: nowIso,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }

  /** The lease ends now; the task stays running, for any runner to take over. */
  release(id: string, owner: string, nowIso: string) {
    return this.db
      .updateTable('tasks')
      .set({ lease_owner: null, lease_expires_at: EXPIRED, updated_at: nowIso })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
  }
}
