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
  },
});
