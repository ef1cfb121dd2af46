import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // `@/…` is src/ (tsconfig.json paths; tsup and tsx read the same).
  // `@repo-scripts/…` is the repository's scripts/ (the npm scripts' own helpers, tested here).
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@repo-scripts': fileURLToPath(new URL('../../scripts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Generous bounds: CI runs on the same 2-core kind of machine as a session, and such
    // machines differ by over two times in speed (the same browser journeys took 21 s and 53 s
    // a file in two consecutive CI runs). A bound only decides how long a broken test takes to fail, never how long a
    // passing one takes; each waits for its condition.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000 } },
    // OpenStack Swift with s3api, the S3-protocol server of the storage tests (issue 3).
    // And the migrated database every test server starts from a copy of.
    globalSetup: ['test/support/swift-global-setup.ts', 'test/support/database-template-setup.ts'],
    // Every test file starts the whole app (test/support/test-server.ts): evaluating it
    // again per file cost ~1.5 s a file, over half of the project's time. Sharing a worker's
    // modules between files is sound because no state outlives a server: the server keeps
    // its caches per AppDeps (WeakMaps), tests mock no module, fake no timer and set no
    // environment variable, and each file closes the servers it starts. Keep it so: state
    // at module level in src/ or test/ must be keyed by the AppDeps it belongs to.
    isolate: false,
  },
});
