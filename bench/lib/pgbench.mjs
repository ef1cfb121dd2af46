import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The database's own rate for one row committed per read (issue 34): pgbench running the
// statement a hot share's read runs — an UPDATE of one row's counter RETURNING its ~1 KiB of
// content — on a one-row table, from as many clients as wrk has connections. A hot share's
// reads/s are stated as a multiple of this, measured in the same minute of the same machine.

/** The statement every pgbench transaction runs. */
const HOT_ROW_STATEMENT = 'UPDATE hot SET views = views + 1 WHERE id = 1 RETURNING content;';

/** pgbench on PATH, else Debian's PostgreSQL 15 one; BENCH_PGBENCH overrides both. */
function findPgbench() {
  const candidates = [
    process.env.BENCH_PGBENCH,
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .map((dir) => dir && path.join(dir, 'pgbench')),
    '/usr/lib/postgresql/15/bin/pgbench',
  ].filter(Boolean);
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not there.
    }
  }
  throw new Error('pgbench not found: install postgresql-client or set BENCH_PGBENCH');
}

/** Creates the one-row table `hot` (content ~1 KiB, like the hot paste) via `query`. */
export async function createHotRow(query) {
  await query(
    'CREATE TABLE hot (id integer PRIMARY KEY, views bigint NOT NULL, content text NOT NULL)',
  );
  await query("INSERT INTO hot (id, views, content) VALUES (1, 0, repeat('pastebox ', 114))");
}

/** A number printed by pgbench after `label`, or null. */
function figure(output, label) {
  const match = new RegExp(`^${label}\\s*[=:]\\s*([\\d.]+)`, 'm').exec(output);
  return match ? Number(match[1]) : null;
}

/**
 * Runs `pgbench -n -c <clients> -j <threads> -T <seconds>` with HOT_ROW_STATEMENT against
 * `databaseUrl` (which must hold createHotRow's table). Resolves with a measurement in
 * lib/measure.mjs's shape: `requestsPerSecond` is pgbench's tps without the initial
 * connection time, `requests` the transactions, `errors` the failed ones.
 */
export async function runPgbench(databaseUrl, { seconds, clients, threads }) {
  const pgbench = findPgbench();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-pgbench-'));
  try {
    const script = path.join(dir, 'hot-row.sql');
    fs.writeFileSync(script, `${HOT_ROW_STATEMENT}\n`);
    const args = ['-n', `-c${clients}`, `-j${threads}`, `-T${seconds}`, '-f', script, databaseUrl];
    const output = await new Promise((resolve, reject) => {
      execFile(pgbench, args, { timeout: (seconds + 30) * 1000 }, (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`pgbench failed: ${error.message}\n${stderr}`));
          return;
        }
        resolve(stdout);
      });
    });
    const tps = figure(output, 'tps');
    if (tps === null) {
      throw new Error(`pgbench printed no tps:\n${output}`);
    }
    const latency = figure(output, 'latency average');
    return {
      tool: `pgbench -n -c${clients} -j${threads} -T${seconds}`,
      requests: figure(output, 'number of transactions actually processed'),
      errors: figure(output, 'number of failed transactions') ?? 0,
      requestsPerSecond: Math.round(tps * 100) / 100,
      latencyMs: latency === null ? {} : { mean: latency },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
