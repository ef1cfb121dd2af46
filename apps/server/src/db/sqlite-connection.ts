import { setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';

/** How long a statement may wait, asynchronously, for another process's write lock. */
export interface BusyPolicy {
  /** Total wait before the statement fails (and the request answers 503). */
  maxWaitMs: number;
  /**
   * For this long the lock is probed again at each turn of the event loop: another worker
   * of the cluster holds it for a commit of well under a millisecond, and a timer cannot
   * wake sooner than one. Under load each turn serves other requests in between; idle, the
   * probes cost a core for at most this long.
   */
  probeEachTurnMs: number;
  /** Then timed pauses, doubling from the first to the longest (with jitter). */
  firstDelayMs: number;
  maxDelayMs: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Who holds the one connection for a transaction. better-sqlite3 runs each statement
 * synchronously, so a lone statement can never interleave with another; only a
 * transaction, whose statements are spread over several turns of the event loop, needs
 * the connection to itself.
 */
export class TransactionGate {
  holder: SqliteConnection | null = null;
  #waiters: (() => void)[] = [];

  /** Resolves at the next release; every waiter then checks again for itself. */
  released(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  release(owner: SqliteConnection): void {
    if (this.holder !== owner) {
      return;
    }
    this.holder = null;
    const waiters = this.#waiters;
    this.#waiters = [];
    waiters.forEach((wake) => wake());
  }
}

/** Prepared statements reused per SQL text (DESIGN §11), the least recently used dropped. */
export class StatementCache {
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly db: SQLite.Database,
    private readonly capacity: number,
  ) {}

  get(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
    }
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.capacity) {
      const oldest = this.#statements.keys().next().value;
      this.#statements.delete(oldest ?? sql);
    }
    return statement;
  }
}

/** The one SQLite connection, its statements, and who may use it when. */
export interface SqliteEngine {
  db: SQLite.Database;
  statements: StatementCache;
  gate: TransactionGate;
  policy: BusyPolicy;
  /** Called after each commit: the log has something to checkpoint (sqlite-checkpointer.ts). */
  wrote: () => void;
}

/** Where lone writes go to be committed together (sqlite-group-commit.ts). */
export interface WriteQueue {
  submit<R>(query: CompiledQuery): Promise<QueryResult<R>>;
}

/** What every handle on the one SQLite connection shares. */
export interface SqliteCore extends SqliteEngine {
  writes: WriteQueue;
}

/**
 * A statement that only writes rows — what group commit may run inside a shared
 * transaction. Anything else (reads, `PRAGMA`, `VACUUM`, DDL, a `WITH …` statement) runs
 * alone as before.
 */
export function isRowWrite(sqlText: string): boolean {
  return /^\s*(insert|update|delete|replace)\s/i.test(sqlText);
}

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * A handle on the one connection, one per acquisition, so the driver knows whether a
 * statement belongs to the open transaction or must wait for it to end. A statement that
 * meets another process's lock (SQLITE_BUSY: a backup, the sqlite3 shell, another worker)
 * is retried after an asynchronous pause: the connection's busy_timeout is 0, so the
 * event loop never sleeps inside SQLite, and reads go on while a write waits.
 */
export class SqliteConnection implements DatabaseConnection {
  constructor(private readonly core: SqliteCore) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // A lone write (outside any transaction) joins the writes of this turn of the event
    // loop, committed together; a transaction's own statements run at once, in order.
    const alone = this.core.gate.holder !== this;
    if (alone && isRowWrite(query.sql)) {
      return this.core.writes.submit<R>(query);
    }
    return this.runWhenFree(() => {
      const statement = this.core.statements.get(query.sql);
      const result = runStatement<R>(statement, query);
      if (alone && !statement.reader) {
        // DDL and the like, committed on their own (a transaction's commit tells instead).
        this.core.wrote();
      }
      return result;
    });
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Iterating keeps the statement active across turns: nothing else may run meanwhile.
    const owned = this.core.gate.holder !== this;
    if (owned) {
      await this.takeGate();
    }
    try {
      for (const row of this.core.db.prepare(query.sql).iterate(query.parameters)) {
        yield { rows: [row as R] };
      }
    } finally {
      if (owned) {
        this.core.gate.release(this);
      }
    }
  }

  /** Waits for the connection to be free of transactions, then holds it for this one. */
  async takeGate(): Promise<void> {
    while (this.core.gate.holder !== null) {
      await this.core.gate.released();
    }
    this.core.gate.holder = this;
  }

  /** Runs `work` when no other handle's transaction is open; retries SQLITE_BUSY. */
  runWhenFree<T>(work: () => T): Promise<T> {
    return runWhenFree(this.core, this, work);
  }
}

/**
 * Runs `work` when no transaction but `self`'s holds the connection, and retries it after an
 * asynchronous pause while another process holds the lock (SQLITE_BUSY), up to the policy's
 * wait. `work` must be synchronous, so the check and the statement are one step: no other
 * transaction can begin between them and swallow it.
 */
export async function runWhenFree<T>(
  engine: SqliteEngine,
  self: SqliteConnection | null,
  work: () => T,
): Promise<T> {
  const { gate, policy } = engine;
  const started = performance.now();
  const deadline = Date.now() + policy.maxWaitMs;
  let delay = policy.firstDelayMs;
  for (;;) {
    if (gate.holder !== null && gate.holder !== self) {
      await gate.released();
      continue;
    }
    try {
      return work();
    } catch (error) {
      if (!isBusy(error) || Date.now() + delay > deadline) {
        throw error;
      }
    }
    if (performance.now() - started < policy.probeEachTurnMs) {
      await nextTurn();
      continue;
    }
    // Jitter, so that many waiting statements do not probe the lock in lockstep.
    await sleep(delay * (0.5 + Math.random()));
    delay = Math.min(delay * 2, policy.maxDelayMs);
  }
}

export function runStatement<R>(statement: SQLite.Statement, query: CompiledQuery): QueryResult<R> {
  if (statement.reader) {
    return { rows: statement.all(query.parameters) as R[] };
  }
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
