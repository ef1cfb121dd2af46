import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { DatabaseUnavailableError, isConnectionFailure } from './db-errors';

/** Rethrows a connection-level failure as a DatabaseUnavailableError; others unchanged. */
function classify(error: unknown): never {
  throw isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error;
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return classify(error);
  }
}

/**
 * A driver that marks connection failures at their source. Only errors that come out of
 * the database driver are classified, so an ECONNREFUSED from S3 or a fetched URL never
 * becomes "database unavailable". Connections are wrapped so every query is covered; the
 * inner driver always gets its own connection objects back.
 */
class GuardedDriver implements Driver {
  readonly #inner: Driver;
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return guard(() => this.#inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await guard(() => this.#inner.acquireConnection());
    let outer = this.#wrapped.get(inner);
    if (!outer) {
      outer = wrapConnection(inner);
      this.#wrapped.set(inner, outer);
      this.#unwrapped.set(outer, inner);
    }
    return outer;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return guard(() => this.#inner.beginTransaction(this.#innerOf(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return guard(() => this.#inner.commitTransaction(this.#innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return guard(() => this.#inner.rollbackTransaction(this.#innerOf(connection)));
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.#savepointCommand('savepoint', connection, name, compile);
  }

  rollbackToSavepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.#savepointCommand('rollbackToSavepoint', c, name, compile);
  }

  releaseSavepoint(c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.#savepointCommand('releaseSavepoint', c, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(this.#innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }

  #savepointCommand(
    method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint',
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const inner = this.#inner;
    if (!inner[method]) {
      return Promise.reject(new Error(`The database driver has no ${method}`));
    }
    return guard(async () => inner[method]?.(this.#innerOf(connection), name, compile));
  }

  #innerOf(connection: DatabaseConnection): DatabaseConnection {
    return this.#unwrapped.get(connection) ?? connection;
  }
}

function wrapConnection(inner: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return guard(() => inner.executeQuery<R>(query));
    },
    async *streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
      try {
        yield* inner.streamQuery<R>(query, chunkSize);
      } catch (error) {
        classify(error);
      }
    },
  };
}

/**
 * The same dialect, with a driver whose connection failures (PostgreSQL dropped or down,
 * SQLite locked past its bounded wait) are thrown as DatabaseUnavailableError, which the
 * app answers with 503 DATABASE_UNAVAILABLE.
 */
export function guardDialect(dialect: Dialect): Dialect {
  return {
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
