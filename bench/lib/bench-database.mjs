import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A PostgreSQL database of the bench's own, created on the server BENCH_DATABASE_URL names
// and dropped afterwards: its servers start on an empty schema, and pgbench's table and the
// shares' rows never mix with what another bench (or a developer) left in that database.

/** Whether `url` names a PostgreSQL server. */
export const isPostgresUrl = (url) => /^postgres(ql)?:\/\//.test(url ?? '');

/** Runs `work(client)` on a connection to `url`, closed afterwards. */
async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `pastebox_bench_<label>_<random>` on the server of `adminUrl` (whose own
 * database is only used to run CREATE and DROP). Resolves with its `name`, its `url`,
 * `query(sql, params)` → rows, and `drop()`, which closes the bench's connections and drops
 * the database even if a server still holds connections to it.
 */
export async function createBenchDatabase(adminUrl, label) {
  const name = `pastebox_bench_${label}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  return {
    name,
    url: url.href,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    drop: async () => {
      await pool.end();
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}
