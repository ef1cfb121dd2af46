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
import { GroupCommit } from './sqlite-group-commit';

/** A few seconds for another process's lock, then 503: a long backup must not queue requests. */
const DEFAULT_POLICY: BusyPolicy = {
  maxWaitMs: 4_000,
  probeEachTurnMs: 2,
  firstDelayMs: 1,
  maxDelayMs: 100,
};
const STATEMENT_CACHE_SIZE = 500;
/** Enough for the statements in flight under load; a burst beyond it is not kept. */
const MAX_IDLE_HANDLES = 256;
/** Opening may wait for a lock synchronously: nothing is served yet. */
const OPEN_BUSY_TIMEOUT_MS = 5_000;

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

  constructor(db: SQLite.Database, policy: BusyPolicy) {
    const engine: SqliteEngine = {
      db,
      statements: new StatementCache(db, STATEMENT_CACHE_SIZE),
      gate: new TransactionGate(),
      policy,
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

  destroy(): Promise<void> {
    this.#core.db.close();
    return Promise.resolve();
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

/**
 * Opens the SQLite file in WAL mode with synchronous=NORMAL (durable at each checkpoint,
 * safe against corruption, no fsync per commit) and returns its Kysely dialect.
 */
export function openSqliteDialect(file: string, policy: Partial<BusyPolicy> = {}): Dialect {
  const db = new SQLite(file, { timeout: OPEN_BUSY_TIMEOUT_MS });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // From here on SQLite never sleeps on a lock: the driver waits, asynchronously.
  db.pragma('busy_timeout = 0');
  const driver = new BusyAwareSqliteDriver(db, { ...DEFAULT_POLICY, ...policy });
  return {
    createDriver: () => driver,
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
  };
}
