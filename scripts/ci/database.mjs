// CI helper: `node scripts/ci/database.mjs create|drop <name> [server-url]` creates or drops
// one database on a PostgreSQL server (default: the local one with trust auth), so each
// .ci/run works in a database of its own. Uses `pg`, so psql need not be installed.
import pg from 'pg';
import { DEFAULT_TEST_DATABASE_URL } from '../lib/postgres.mjs';

const [action, name, serverUrl = DEFAULT_TEST_DATABASE_URL] = process.argv.slice(2);

// The name goes into DDL, which cannot take parameters: allow plain identifiers only.
if (!['create', 'drop'].includes(action) || !/^[a-z_][a-z0-9_]{0,62}$/.test(name ?? '')) {
  console.error('usage: node scripts/ci/database.mjs create|drop <lowercase_name> [server-url]');
  process.exit(2);
}

const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query(
    action === 'create'
      ? `CREATE DATABASE ${name}`
      : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
  );
} catch (error) {
  console.error(
    `Could not ${action} database ${name}: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
