import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runCommand } from './processes.mjs';

// The soak's own PostgreSQL 15 cluster: never the machine's one on 5432, which the tests use.
// fsync stays on: whether an acknowledged write survives a restart is what is being tested.

const BIN = '/usr/lib/postgresql/15/bin';
export const PG_PORT = 55432;
export const DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;

/** pg_ctl and initdb refuse to run as root: they run as `postgres`. */
function asPostgres(command, args) {
  const asRoot = process.getuid?.() === 0;
  return asRoot
    ? runCommand('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args])
    : runCommand(path.join(BIN, command), args);
}

/**
 * A PostgreSQL cluster on 127.0.0.1:PG_PORT. Its files live in a folder of their own under
 * the system's temp dir: the `postgres` user must reach them, and a checkout's folders
 * (CI clones into one of root's private ones) may not let it. `stop` copies the server's
 * log into `dir` (the report) and removes the folder.
 */
export function postgresCluster(dir) {
  // Made by init(): nothing is left in the temp dir by a run that never got that far.
  let home = '';
  const dataDir = () => path.join(home, 'data');
  const logFile = () => path.join(home, 'postgres.log');
  const ctl = (...args) => asPostgres('pg_ctl', ['-D', dataDir(), '-l', logFile(), '-w', ...args]);
  const keepLogAndRemove = () => {
    if (!home) {
      return;
    }
    fs.mkdirSync(dir, { recursive: true });
    if (fs.existsSync(logFile())) {
      fs.copyFileSync(logFile(), path.join(dir, 'postgres.log'));
    }
    fs.rmSync(home, { recursive: true, force: true });
    home = '';
  };
  return {
    async init() {
      home = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-soak-pg-'));
      fs.chmodSync(home, 0o755);
      if (process.getuid?.() === 0) {
        execFileSync('chown', ['postgres:postgres', home]);
      }
      await asPostgres('initdb', ['-D', dataDir(), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
      fs.appendFileSync(
        path.join(dataDir(), 'postgresql.conf'),
        [
          `port = ${PG_PORT}`,
          "listen_addresses = '127.0.0.1'",
          // A socket of its own port, so nothing clashes with the machine's cluster.
          "unix_socket_directories = '/tmp'",
          'fsync = on',
          'synchronous_commit = on',
          'max_connections = 100',
          '',
        ].join('\n'),
      );
    },
    start: () => ctl('start', '-t', '60'),
    /** `mode` fast (clean) or immediate (a crash: recovery from the WAL at the start). */
    restart: (mode = 'fast') => ctl('restart', '-m', mode, '-t', '60'),
    stop: () => ctl('stop', '-m', 'fast', '-t', '30').finally(keepLogAndRemove),
    /** For exit paths that cannot wait: an immediate stop, synchronously. */
    stopNow() {
      try {
        if (!home) {
          return;
        }
        const args = [path.join(BIN, 'pg_ctl'), '-D', dataDir(), 'stop', '-m', 'immediate'];
        if (process.getuid?.() === 0) {
          execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' });
        } else {
          execFileSync(args[0], args.slice(1), { stdio: 'ignore' });
        }
      } catch {
        // Not running.
      }
      keepLogAndRemove();
    },
  };
}

/** Runs one query on the soak's database with a short-lived client. */
export async function queryDatabase(sql, params = []) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
