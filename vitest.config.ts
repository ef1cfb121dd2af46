import { configDefaults, defineConfig } from 'vitest/config';

/**
 * A test of one database only is named for it (`*.postgres.test.ts`, `*.sqlite.test.ts`):
 * the other project never loads it, so no test is ever reported as skipped.
 */
const withoutTestsOf = (other: string) => [...configDefaults.exclude, `**/*.${other}.test.ts`];

/**
 * One run covers the contract, the server on SQLite, the server on PostgreSQL (when
 * TEST_DATABASE_URL names a server; scripts/test.mjs and .ci/run set it) and the web app.
 */
const serverOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        test: {
          name: 'server-postgres',
          root: './apps/server',
          env: { TEST_DIALECT: 'postgres' },
          exclude: withoutTestsOf('sqlite'),
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      {
        extends: './apps/server/vitest.config.ts',
        test: {
          name: 'server-sqlite',
          root: './apps/server',
          env: { TEST_DIALECT: 'sqlite' },
          exclude: withoutTestsOf('postgres'),
        },
      },
      ...serverOnPostgres,
      './apps/web/vitest.config.ts',
    ],
  },
});
