import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { formatReport, importFromCloudpaste } from './modules/imports/service';

const USAGE = `Usage: npm run import-cloudpaste -- --db FILE.sqlite [--secret SECRET] [--apply] [--owner ADMIN] [--json]

Reads a CloudPaste (v0.6–v1.9) SQLite or D1 export and reports what it would import into
this Pastebox (DATABASE_URL / DATA_DIR, as the server opens them). --apply imports it.
--secret is CloudPaste's ENCRYPTION_SECRET (or set CLOUDPASTE_ENCRYPTION_SECRET).
--owner names the admin account that owns what is imported (default: ADMIN_USERNAME or admin).
A second run imports nothing it imported before. See docs/import-cloudpaste.md.`;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      secret: { type: 'string' },
      apply: { type: 'boolean', default: false },
      owner: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.db) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  return { ...values, db: values.db };
}

/**
 * The importer as a command (issue 36): opens the database the way the server does,
 * migrates it, runs the import (modules/imports) and prints its report. Exit status: 0,
 * 2 when an --apply was refused (a wrong secret), 1 on any other failure.
 */
async function main(): Promise<void> {
  const options = parseOptions();
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const runtime = await createRuntime(config, { logger });
  try {
    const report = await importFromCloudpaste(runtime.deps, {
      // npm runs the command in apps/server; the file is named from where npm was started.
      file: path.resolve(process.env.PASTEBOX_CALLER_CWD ?? process.cwd(), options.db),
      secret: options.secret ?? process.env.CLOUDPASTE_ENCRYPTION_SECRET,
      apply: options.apply,
      ownerUsername: options.owner ?? config.ADMIN_USERNAME ?? 'admin',
    });
    console.log(options.json ? JSON.stringify(report, null, 2) : formatReport(report));
    process.exitCode = report.refused ? 2 : 0;
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    'The CloudPaste import failed:',
    error instanceof ConfigError || error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
