import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // `@/…` is src/ (tsconfig.json paths; tsup and tsx read the same).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // OpenStack Swift with s3api, the S3-protocol server of the storage tests (issue 3).
    globalSetup: ['test/support/swift-global-setup.ts'],
    // Every test file starts the whole app (test/support/test-server.ts): evaluating it
    // again per file cost ~1.5 s a file, over half of the project's time. Sharing a worker's
    // modules between files is sound because no state outlives a server: the server keeps
    // its caches per AppDeps (WeakMaps), tests mock no module, fake no timer and set no
    // environment variable, and each file closes the servers it starts. Keep it so: state
    // at module level in src/ or test/ must be keyed by the AppDeps it belongs to.
    isolate: false,
  },
});
