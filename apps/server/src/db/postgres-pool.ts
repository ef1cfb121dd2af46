import { PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { preparedStatementName } from './prepared-statements';

/**
 * How long a request waits for a connection — a new one, or a free one from a full pool —
 * before it fails with 503. Without it, a database that is down or unreachable (packets
 * dropped, no RST) leaves every request hanging for as long as the OS tries to connect.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const POOL_SIZE = 10;

/** How a process's connection pool is used right now (metrics, issue 36). */
export interface PoolUse {
  /** Connections open, busy or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection of a full pool. */
  waiting: number;
  max: number;
}

/**
 * The PostgreSQL dialect on a pg.Pool that survives its server going away (restart,
 * failover, `pg_terminate_backend`). node-postgres reports a lost connection by emitting
 * 'error' on the client; an EventEmitter with no listener for 'error' throws, and from a
 * socket callback that is an uncaught exception: the process dies. pg-pool listens only
 * while a client is idle in the pool; a client checked out by Kysely's driver had none.
 * Each client gets a listener for its whole life, so the loss surfaces only as the failed
 * query (503, see db-errors.ts); on release the pool discards the dead client and the
 * next request connects afresh.
 */
export function createPostgresDialect(
  connectionString: string,
  onConnectionError: (error: Error) => void,
): { dialect: Dialect; poolUse: () => PoolUse } {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Lets the OS notice a peer that vanished without closing the socket (a failover, a
    // cut network) on connections that sit idle in the pool.
    keepAlive: true,
  });
  // pg-pool hangs the whole client (its connection parameters included) on the error it
  // reports; the log needs only what went wrong.
  const report = (error: Error & { code?: unknown }) =>
    onConnectionError(Object.assign(new Error(error.message), { code: error.code }));
  pool.on('connect', (client) => {
    client.on('error', report);
    sendRegisteredStatementsByName(client);
  });
  // An idle client's error reaches the pool too (it has already removed the client); the
  // client's own listener above has logged it, so here it only must not go unhandled.
  pool.on('error', () => undefined);
  const poolUse = (): PoolUse => ({
    open: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: POOL_SIZE,
  });
  return { dialect: new PostgresDialect({ pool }), poolUse };
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Makes `client` send the registered hot statements (./prepared-statements.ts) as named
 * statements, which node-postgres parses once per connection and then only binds and
 * executes. Kysely's driver calls `query(text, values)`; any other form (a config object,
 * a cursor) passes through untouched.
 */
function sendRegisteredStatementsByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  const byName: QueryFunction = (text, values, ...rest) => {
    const name =
      typeof text === 'string' && Array.isArray(values) && rest.length === 0
        ? preparedStatementName(text)
        : undefined;
    return name === undefined ? query(text, values, ...rest) : query({ name, text, values });
  };
  client.query = byName as typeof client.query;
}
