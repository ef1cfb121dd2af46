import pg from 'pg';

/** Where `npm test` looks for PostgreSQL when TEST_DATABASE_URL is not set (DESIGN §10). */
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Tries to connect and run `select 1` within `timeoutMs`. Resolves with `{ ok: true }` or
 * `{ ok: false, reason }`; never rejects, so a missing server is an answer, not a crash.
 */
export async function probePostgres(url, timeoutMs = 2000) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // A dropped connection emits 'error' on the client; without a listener it would crash us.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL with its password hidden, for log lines. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
