import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { runBackup } from './backup';
import { UsageError } from './database-url';
import { runMigrateDb, type TableComparison } from './migrate-db';
import { runRestore } from './restore';

/**
 * The operator's commands on the server's own database and data (issue 36, DESIGN §15):
 * `backup --to FILE`, `restore FILE`, `migrate-db --from A --to B`. Run as `npm run
 * backup -- …` (scripts/maintenance.mjs) or `node apps/server/dist/maintenance.js backup …`.
 * Exit status: 0 done, 1 failed or refused, 2 wrong usage.
 */
const USAGE = `Usage:
  backup --to FILE                 a snapshot of DATABASE_URL / DATA_DIR, while the server runs
  restore FILE                     into a fresh DATABASE_URL / DATA_DIR
  migrate-db --from DB --to DB     DB: postgres://…, sqlite:/path/to/pastebox.db or a path`;

/**
 * Where a file named on the command line is taken from: the directory `npm run` was
 * started in (scripts/maintenance.mjs runs this one in apps/server, as `npm start` runs
 * the server, so a relative DATA_DIR means the same folder to both).
 */
const callerDir = process.env.PASTEBOX_CALLER_CWD ?? process.cwd();

function printComparison(lines: readonly TableComparison[]): void {
  const width = Math.max(5, ...lines.map((l) => l.table.length));
  console.log(`${'table'.padEnd(width)}  ${'source'.padStart(8)}  ${'target'.padStart(8)}  check`);
  for (const line of lines) {
    const verdict = line.same ? 'ok' : 'DIFFERENT';
    console.log(
      `${line.table.padEnd(width)}  ${String(line.sourceRows).padStart(8)}  ${String(line.targetRows).padStart(8)}  ${verdict}`,
    );
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { to: { type: 'string' }, from: { type: 'string' } },
    allowPositionals: true,
  });
  if (command === 'backup' && values.to && positionals.length === 0) {
    const summary = await runBackup(loadConfig(), path.resolve(callerDir, values.to));
    console.log(
      `Backup written to ${summary.file} (${summary.bytes} bytes): ${summary.tables} tables, ${summary.rows} rows, ${summary.files} local files. It holds the secret key: keep it private.`,
    );
    return 0;
  }
  if (command === 'restore' && positionals.length === 1 && !values.to && !values.from) {
    const summary = await runRestore(loadConfig(), path.resolve(callerDir, positionals[0] ?? ''));
    console.log(
      `Restored ${summary.tables} tables (${summary.rows} rows) and ${summary.files} local files; the counts and checksums match the backup.`,
    );
    return 0;
  }
  if (command === 'migrate-db' && values.from && values.to && positionals.length === 0) {
    const comparison = await runMigrateDb(values.from, values.to, callerDir);
    printComparison(comparison);
    if (comparison.some((line) => !line.same)) {
      console.error('The copy differs from the source (see above).');
      return 1;
    }
    console.log('Every table was copied; counts and checksums match. Storage files did not move.');
    return 0;
  }
  throw new UsageError(USAGE);
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  const usage = error instanceof UsageError || error instanceof ConfigError;
  const isArgsError = (error as NodeJS.ErrnoException | null)?.code?.startsWith('ERR_PARSE_ARGS');
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = usage || isArgsError ? 2 : 1;
}
