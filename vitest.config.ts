import { defineConfig } from 'vitest/config';

/**
 * One run covers the contract, the server on SQLite, the server on PostgreSQL (when
 * TEST_DATABASE_URL names a server; scripts/test.mjs and .ci/run set it) and the web app.
 */
const serverOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server-postgres', root: './apps/server', env: { TEST_DIALECT: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server-sqlite', root: './apps/server', env: { TEST_DIALECT: 'sqlite' } },
      },
      ...serverOnPostgres,
      './apps/web/vitest.config.ts',
    ],
  },
});
