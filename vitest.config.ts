import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LongRunningFirstSequencer } from './apps/server/test/support/long-running-first.ts';

/**
 * A test of one database only is named for it (`*.postgres.test.ts`, `*.sqlite.test.ts`):
 * the other project never loads it, so no test is ever reported as skipped.
 */
const withoutTestsOf = (other: string) => [...configDefaults.exclude, `**/*.${other}.test.ts`];

/**
 * The server suite on one database, two files at a time: its tests mostly wait (on HTTP,
 * Swift, PostgreSQL, child processes), so a second file uses a 2-core machine's idle time.
 * Vitest's default is one worker per core but one (a single worker on two cores), which
 * the CPU-bound web tests keep: their waitFor deadlines are short. Projects of one
 * `groupOrder` share one worker count, so the server projects run as a group of their own,
 * after the contract and the web app.
 */
const serverOn = (dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: './apps/server/vitest.config.ts',
  test: {
    name: `server-${dialect}`,
    root: './apps/server',
    env: { TEST_DIALECT: dialect },
    exclude: withoutTestsOf(dialect === 'sqlite' ? 'postgres' : 'sqlite'),
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});

/**
 * One run covers the contract, the web app, the server on SQLite and the server on
 * PostgreSQL (when TEST_DATABASE_URL names a server; scripts/test.mjs and .ci/run set it).
 */
export default defineConfig({
  test: {
    // A long server test file starts first instead of ending the run alone (see the file).
    sequence: { sequencer: LongRunningFirstSequencer },
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      './apps/web/vitest.config.ts',
      serverOn('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverOn('postgres')] : []),
    ],
  },
});
