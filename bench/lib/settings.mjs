import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

// The server has no HTTP endpoint that changes system settings, and reads
// `max_upload_size_mb` from the system_settings table on every upload. So a benchmark
// writes the row straight into the server's own database (found through the environment
// the runner started it with) while it runs, and puts the old value back afterwards.

/** The environment of process `pid` (Linux: /proc/<pid>/environ). */
function environmentOf(pid) {
  const raw = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    raw
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

/** Runs `work(query)` against the server's database, `query(sql, params)` → rows. */
export async function withServerDatabase(pid, work) {
  const env = environmentOf(pid);
  const url = env.DATABASE_URL ?? '';
  if (/^postgres(ql)?:\/\//.test(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // $1, $2, … in order, counted as they come (a bulk insert has thousands of marks).
      const toPg = (sql) => {
        let mark = 0;
        return sql.replace(/\?/g, () => `$${(mark += 1)}`);
      };
      return await work(async (sql, params) => (await client.query(toPg(sql), params)).rows);
    } finally {
      await client.end();
    }
  }
  const file = url.startsWith('sqlite:')
    ? url.slice('sqlite:'.length)
    : path.join(env.DATA_DIR ?? './data', 'pastebox.db');
  const db = new SQLite(path.resolve(fs.readlinkSync(`/proc/${pid}/cwd`), file));
  db.pragma('busy_timeout = 5000');
  try {
    return await work((sql, params) => {
      const statement = db.prepare(sql);
      return Promise.resolve(statement.reader ? statement.all(params) : statement.run(params));
    });
  } finally {
    db.close();
  }
}

/**
 * Sets system setting `key` to `value` in the database of the server `pid`; resolves with
 * a function that restores the previous value (or removes the row if there was none).
 */
export async function overrideSetting(pid, key, value) {
  const write = (query, stored) =>
    stored === undefined
      ? query('DELETE FROM system_settings WHERE key = ?', [key])
      : query(
          'INSERT INTO system_settings (key, value, updated_at) VALUES (?, ?, ?) ' +
            'ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
          [key, stored, new Date().toISOString()],
        );
  const previous = await withServerDatabase(pid, async (query) => {
    const rows = await query('SELECT value FROM system_settings WHERE key = ?', [key]);
    await write(query, value);
    return rows[0]?.value;
  });
  return () => withServerDatabase(pid, (query) => write(query, previous));
}
