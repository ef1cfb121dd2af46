import { CONNECTION_ERROR_CODES } from '@/lib/net/connection-errors';

/**
 * Which database failures mean "the database is unavailable right now" rather than "this
 * query is wrong" (DESIGN §5: a dropped connection is an error for that request, then a
 * reconnect — never a crash). Such a request answers 503 DATABASE_UNAVAILABLE: the client
 * may retry, and nothing internal is echoed.
 */

/**
 * SQLSTATEs of a connection the server ended or refused: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up, recovery) and too_many_connections; class 08 is
 * "connection exception" as a whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres reports a lost or never-made connection with plain errors that carry no
 * code: the socket ended ("Connection terminated…"), the pool's connectionTimeoutMillis
 * ran out, or a client whose socket already failed was asked to query.
 */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * The error a database driver throws (see guarded-dialect.ts) when the failure is one of
 * the connection itself; the original error is its `cause`, for the log.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The database is unavailable: ${reason}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * True when an error thrown by a database driver is a connection-level failure (or SQLite
 * busy past the driver's bounded wait), not a fault of the query. Only meaningful for
 * errors that came out of the database driver: an ECONNREFUSED from S3 is not the
 * database's, which is why only the driver calls this (guarded-dialect.ts).
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) {
    return false;
  }
  const code = codeOf(error);
  if (code !== undefined) {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true;
    }
    // Another process holds the write lock for longer than the SQLite driver waits.
    if (code.startsWith('SQLITE_BUSY') || CONNECTION_ERROR_CODES.has(code)) {
      return true;
    }
  }
  if (error instanceof Error && PG_CONNECTION_MESSAGES.test(error.message)) {
    return true;
  }
  // Connecting to a host name with several addresses fails with one error per address.
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isConnectionFailure(e, depth + 1))
  ) {
    return true;
  }
  return error instanceof Error && isConnectionFailure(error.cause, depth + 1);
}

/** True when `error` (or an error it wraps) is a DatabaseUnavailableError: answer 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseUnavailableError) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
