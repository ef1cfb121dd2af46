import SQLite from 'better-sqlite3';
import {
  createQueryId,
  IdentifierNode,
  RawNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
} from 'kysely';
import {
  SqliteConnection,
  StatementCache,
  TransactionGate,
  type BusyPolicy,
  type SqliteCore,
  type SqliteEngine,
} from './sqlite-connection';
import { SqliteCheckpointer } from './sqlite-checkpointer';
import { GroupCommit } from './sqlite-group-commit';

/**
 * A few seconds for another process's lock, then 503: a long backup must not queue requests.
 * Pauses grow to 5 ms at most: the other worker takes the lock again and again for well
 * under a millisecond, and a waiter whose pauses had grown to 100 ms kept missing the free
 * moments (with the checkpoint thread's restarts holding the lock for 2–8 ms, p99 of a
 * create reached 60–230 ms; round 10). A probe costs a few µs: 200 a second while a
 * backup holds the lock cost nothing.
 */
const DEFAULT_POLICY: BusyPolicy = {
  maxWaitMs: 4_000,
  probeEachTurnMs: 2,
  firstDelayMs: 1,
  maxDelayMs: 5,
};
const STATEMENT_CACHE_SIZE = 500;
/** Enough for the statements in flight under load; a burst beyond it is not kept. */
const MAX_IDLE_HANDLES = 256;
/** Opening may wait for a lock synchronously: nothing is served yet. */
const OPEN_BUSY_TIMEOUT_MS = 5_000;
/**
 * The size the log's file is cut back to when the log starts over after a burst of
 * writes: SQLite otherwise keeps the file at its largest (124 MB after 20 s of creates by
 * two workers, docs/performance.md round 6). Larger than the log grows in steady use, so
 * the file is not cut and grown again at every start.
 */
const LOG_FILE_LIMIT_BYTES = 64 * 1024 * 1024;

function handle(connection: DatabaseConnection): SqliteConnection {
  if (!(connection instanceof SqliteConnection)) {
    throw new TypeError('not a connection of this SQLite driver');
  }
  return connection;
}

/**
 * Kysely's SQLite driver, reworked for a server: SQLITE_BUSY is waited out asynchronously
 * (sqlite-connection.ts), statements are prepared once, lone writes of one turn of the
 * event loop commit together (sqlite-group-commit.ts), transactions begin IMMEDIATE —
 * the write lock is taken (and waited for) at BEGIN, where a retry is safe, instead of
 * failing midway when a read-then-write transaction meets another writer.
 */
class BusyAwareSqliteDriver implements Driver {
  readonly #core: SqliteCore;
  /**
   * Handles given back, handed out again: Kysely acquires one per statement, and a new
   * object each time also cost the guarding layer (guarded-dialect.ts) a wrapper and two
   * WeakMap entries per statement (3–4 % of a raw read). A handle holds no state of its
   * own but its identity, and that matters only while it holds a transaction.
   */
  readonly #idleHandles: SqliteConnection[] = [];

  readonly #checkpointer: SqliteCheckpointer | null;

  constructor(db: SQLite.Database, policy: BusyPolicy, checkpointer: SqliteCheckpointer | null) {
    this.#checkpointer = checkpointer;
    const engine: SqliteEngine = {
      db,
      statements: new StatementCache(db, STATEMENT_CACHE_SIZE),
      gate: new TransactionGate(),
      policy,
      wrote: checkpointer ? () => checkpointer.wrote() : () => {},
    };
    this.#core = { ...engine, writes: new GroupCommit(engine) };
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(this.#idleHandles.pop() ?? new SqliteConnection(this.#core));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const owner = handle(connection);
    await owner.takeGate();
    try {
      await owner.runWhenFree(() => this.#core.db.exec('begin immediate'));
    } catch (error) {
      this.#core.gate.release(owner);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const owner = handle(connection);
    await owner.runWhenFree(() => this.#core.db.exec('commit'));
    this.#core.gate.release(owner);
    this.#core.wrote();
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // An executor that throws rejects the promise: the gate is released either way.
    return new Promise((resolve) => {
      const owner = handle(connection);
      try {
        // A failed COMMIT may already have ended the transaction.
        if (this.#core.db.inTransaction) {
          this.#core.db.exec('rollback');
        }
      } finally {
        this.#core.gate.release(owner);
      }
      resolve();
    });
  }

  savepoint(c: DatabaseConnection, n: string, cq: QueryCompiler['compileQuery']) {
    return savepointCommand(c, 'savepoint', n, cq);
  }

  rollbackToSavepoint(c: DatabaseConnection, n: string, cq: QueryCompiler['compileQuery']) {
    return savepointCommand(c, 'rollback to', n, cq);
  }

  releaseSavepoint(c: DatabaseConnection, n: string, cq: QueryCompiler['compileQuery']) {
    return savepointCommand(c, 'release', n, cq);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A controlled transaction given up without commit or rollback must not keep the gate.
    if (this.#core.gate.holder === connection) {
      await this.rollbackTransaction(connection);
    }
    if (this.#idleHandles.length < MAX_IDLE_HANDLES) {
      this.#idleHandles.push(handle(connection));
    }
  }

  async destroy(): Promise<void> {
    // The thread's connection first: the last one to close checkpoints and removes the log.
    await this.#checkpointer?.close();
    this.#core.db.close();
  }
}

async function savepointCommand(
  connection: DatabaseConnection,
  command: string,
  name: string,
  compile: QueryCompiler['compileQuery'],
): Promise<void> {
  // The name goes through an identifier node so it is quoted, as Kysely's own driver does.
  const node = RawNode.createWithChildren([
    RawNode.createWithSql(`${command} `),
    IdentifierNode.create(name),
  ]);
  await connection.executeQuery(compile(node, createQueryId()));
}

/** What a test may change; the server opens every database with the defaults. */
export interface SqliteOptions {
  /** False: SQLite checkpoints the log itself, as it does by default. */
  checkpointThread?: boolean;
  /** The log's length past which the thread starts it over (sqlite-checkpointer.ts). */
  restartPages?: number;
}

/**
 * Opens the SQLite file in WAL mode with synchronous=NORMAL (durable at each checkpoint,
 * safe against corruption, no fsync per commit) and returns its Kysely dialect. A file's
 * log is checkpointed by a thread of its own (sqlite-checkpointer.ts); an in-memory
 * database has no log.
 */
export function openSqliteDialect(file: string, options: SqliteOptions = {}): Dialect {
  const db = new SQLite(file, { timeout: OPEN_BUSY_TIMEOUT_MS });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`journal_size_limit = ${LOG_FILE_LIMIT_BYTES}`);
  // From here on SQLite never sleeps on a lock: the driver waits, asynchronously.
  db.pragma('busy_timeout = 0');
  const driver = new BusyAwareSqliteDriver(
    db,
    DEFAULT_POLICY,
    db.memory || file === '' || options.checkpointThread === false
      ? null
      : checkpointerFor(db, options.restartPages),
  );
  return {
    createDriver: () => driver,
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
  };
}

/** Hands `db`'s checkpoints to a thread; should it fail, SQLite's own take over again. */
function checkpointerFor(db: SQLite.Database, restartPages?: number): SqliteCheckpointer {
  const sqliteDefault = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  return new SqliteCheckpointer(
    db.name,
    (error) => {
      db.pragma(`wal_autocheckpoint = ${sqliteDefault}`);
      process.emitWarning(
        `SQLite checkpoint thread failed; the connection checkpoints the log itself again: ${String(error)}`,
      );
    },
    restartPages,
  );
}
