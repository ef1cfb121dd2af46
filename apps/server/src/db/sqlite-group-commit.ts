import type { CompiledQuery, QueryResult } from 'kysely';
import {
  isBusy,
  runStatement,
  runWhenFree,
  type SqliteEngine,
  type WriteQueue,
} from './sqlite-connection';

interface PendingWrite {
  query: CompiledQuery;
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: QueryResult<unknown> } | { ok: false; error: unknown };

/**
 * Group commit (DESIGN §11): the lone writes that arrive in one turn of the event loop —
 * the view counts of concurrent reads, the inserts of concurrent creates — are committed
 * together in one `BEGIN IMMEDIATE … COMMIT`, at the end of that turn (`setImmediate`).
 * A commit's fixed cost (the lock, the WAL frames of the pages it touched, a share of the
 * checkpoint's fsyncs) is then paid once per batch instead of once per statement: an
 * insert into the pastes table costs about half as much in a batch of 16.
 *
 * Nothing a caller can see changes. Each statement runs in its own order, as it would have
 * alone, so the conditional `UPDATE … WHERE views < max_views` of N parallel readers still
 * counts exactly K views; each caller's promise settles only after the batch committed,
 * so an answer never reports a write that could still be lost. A statement that fails
 * (a constraint, a bad value) fails alone: SQLite undoes that statement and the
 * transaction goes on with the others. When the transaction itself fails (the commit, an
 * I/O error, a trigger's `RAISE(ROLLBACK)`), none of it was written, and each write is run
 * again on its own. A batch of one is run as a plain statement, as before; a lock held by
 * another process for longer than the policy's wait fails the whole batch (503).
 */
export class GroupCommit implements WriteQueue {
  #queue: PendingWrite[] = [];
  #flushing = false;

  constructor(private readonly engine: SqliteEngine) {}

  submit<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return new Promise<QueryResult<R>>((resolve, reject) => {
      const pending: PendingWrite = {
        query,
        resolve: resolve as PendingWrite['resolve'],
        reject,
      };
      if (this.#queue.push(pending) === 1 && !this.#flushing) {
        setImmediate(() => void this.#flush());
      }
    });
  }

  /** Commits batch after batch until no write is waiting; new ones join the next batch. */
  async #flush(): Promise<void> {
    this.#flushing = true;
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue;
        this.#queue = [];
        await this.#commit(batch, true);
      }
    } finally {
      this.#flushing = false;
    }
  }

  /** Commits `batch`; with `absorbWaiting`, writes made while it waits for the lock join it. */
  async #commit(batch: PendingWrite[], absorbWaiting: boolean): Promise<void> {
    let outcomes: Outcome[];
    try {
      // Waits out another handle's transaction and another process's lock, as a lone
      // statement does; the batch is run again from the start after SQLITE_BUSY, which
      // only BEGIN (or a plain statement) can meet: nothing of it was written yet. Writes
      // made while it waited join it (after the others, in their order), so two workers
      // contending for one file hand the lock over less often.
      outcomes = await runWhenFree(this.engine, null, () =>
        withoutStackTraces(() => {
          if (absorbWaiting) {
            batch.push(...this.#queue.splice(0));
          }
          return this.#runBatch(batch);
        }),
      );
    } catch (error) {
      if (batch.length === 1 || isBusy(error)) {
        batch.forEach((write) => write.reject(error));
        return;
      }
      // The transaction failed as a whole, so none of it was written: each write is run
      // again alone and gets its own outcome, as if it had never shared a commit.
      for (const write of batch) {
        await this.#commit([write], false);
      }
      return;
    }
    this.engine.wrote();
    outcomes.forEach((outcome, index) => {
      const write = batch[index] as PendingWrite;
      if (outcome.ok) {
        write.resolve(outcome.result);
      } else {
        write.reject(outcome.error);
      }
    });
  }

  /** Runs the batch synchronously; throws only when nothing of it was committed. */
  #runBatch(batch: PendingWrite[]): Outcome[] {
    const { db } = this.engine;
    if (batch.length === 1) {
      // Thrown, not kept as an outcome: SQLITE_BUSY is waited out by the caller.
      const write = batch[0] as PendingWrite;
      const statement = this.engine.statements.get(write.query.sql);
      return [{ ok: true, result: runStatement(statement, write.query) }];
    }
    db.exec('begin immediate');
    try {
      const outcomes = batch.map((write) => {
        const outcome = this.#run(write);
        if (!outcome.ok && (!db.inTransaction || isBusy(outcome.error))) {
          // SQLite ended the transaction itself (a full disk, an I/O error): the writes
          // before this one are gone too. (BUSY cannot happen under the write lock; if
          // it ever did, the whole batch is rolled back and run again.)
          throw outcome.error;
        }
        return outcome;
      });
      db.exec('commit');
      return outcomes;
    } catch (error) {
      if (db.inTransaction) {
        db.exec('rollback');
      }
      throw error;
    }
  }

  #run(write: PendingWrite): Outcome {
    try {
      const statement = this.engine.statements.get(write.query.sql);
      return { ok: true, result: runStatement(statement, write.query) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}

/**
 * Runs `work` with V8's capture of stack traces off. With two processes a batch meets the
 * other's lock on most attempts (round 10 counted 71 %), and each SQLITE_BUSY is a new
 * SqliteError whose stack V8 walked and summarised, optimised frames and all: 3–4 % of a
 * paste's JSON read (docs/performance.md, round 11). An error raised here could only name
 * the group commit's own frames — it runs from `setImmediate`, outside any request's call
 * chain — so its stack told nothing; the error's code and message are kept.
 */
function withoutStackTraces<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
