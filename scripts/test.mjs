// `npm test`: every suite of the repository in one command (DESIGN §10).
//  1. PostgreSQL: use TEST_DATABASE_URL, else the local server if one answers, so the server
//     suite runs on both databases; say so when it does not (CI=true makes that a failure).
//  2. `npm run build` unless the build is newer than the sources: the cluster and metrics
//     tests start the built server (node dist/main.js, as npm start runs it), the journeys
//     the built app.
//  3. `vitest run` over all projects (contract, server-sqlite, server-postgres, web).
//  4. The Playwright journeys (apps/web/e2e) against that build.
//  5. One closing line, `Tests: N passed, M failed[, K skipped]`, which CI parses; the exit
//     code is non-zero exactly when M > 0.
import path from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { failedToStart, runEndToEnd } from './lib/e2e.mjs';
import { DEFAULT_TEST_DATABASE_URL, probePostgres, redactUrl } from './lib/postgres.mjs';
import { formatDuration, printSection, repoRoot } from './lib/process.mjs';
import { closingLine, runVitest } from './lib/vitest.mjs';

const resultsDir = path.join(repoRoot, '.tmp', 'test-results');
const inCi = process.env.CI === 'true';
const env = { ...process.env };
const outcomes = [];

/** Decides whether the server suite also runs on PostgreSQL and records why not. */
async function choosePostgres() {
  printSection('PostgreSQL for the server tests');
  const explicit = env.TEST_DATABASE_URL;
  const url = explicit || DEFAULT_TEST_DATABASE_URL;
  const probe = await probePostgres(url);
  if (probe.ok) {
    env.TEST_DATABASE_URL = url;
    console.log(`Server tests run on SQLite and on PostgreSQL at ${redactUrl(url)}.`);
    return;
  }
  delete env.TEST_DATABASE_URL;
  if (explicit) {
    outcomes.push(failedToStart('postgres', `TEST_DATABASE_URL is unreachable: ${probe.reason}`));
    console.log(`TEST_DATABASE_URL=${redactUrl(url)} is unreachable (${probe.reason}).`);
    console.log('The PostgreSQL server tests are NOT run; counted as a failure.');
    return;
  }
  console.log(
    `PostgreSQL tests are NOT run: nothing answers at ${redactUrl(url)} (${probe.reason}).`,
  );
  console.log('To run them, start PostgreSQL there (trust auth for user postgres) or set');
  console.log('TEST_DATABASE_URL=postgres://user:password@host:5432/postgres (the tests create');
  console.log('their own databases through it).');
  if (inCi) {
    outcomes.push(failedToStart('postgres', 'PostgreSQL is unreachable and CI=true'));
  }
}

async function main() {
  const started = Date.now();
  await choosePostgres();

  printSection('Build');
  if (!(await ensureBuild('for the cluster tests and the end-to-end tests'))) {
    outcomes.push(failedToStart('build', '`npm run build` failed: the built server is missing'));
  }

  printSection('Unit, component and integration tests (vitest run)');
  outcomes.push(
    await runVitest({ label: 'vitest', reportFile: path.join(resultsDir, 'vitest.json'), env }),
  );

  printSection('End-to-end tests (Playwright in Chromium)');
  const e2e = await runEndToEnd({ reportFile: path.join(resultsDir, 'e2e.json'), env });
  if (e2e) {
    outcomes.push(e2e);
  }

  printSection(`Summary (${formatDuration(Date.now() - started)})`);
  for (const problem of outcomes.flatMap((outcome) => outcome.problems)) {
    console.log(`Problem: ${problem}`);
  }
  const line = closingLine(outcomes);
  console.log(line);
  process.exitCode = outcomes.some((outcome) => outcome.failed > 0) ? 1 : 0;
}

await main();
