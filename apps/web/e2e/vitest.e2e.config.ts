import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: each file starts the built server (`npm run build` first) with a fresh
 * DATA_DIR and drives Debian's Chromium through playwright-core. Files run one at a time:
 * two cores cannot host several servers and browsers at once reliably.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    // A journey fails on a console error or warning or an unexpected 4xx/5xx (issue 13).
    setupFiles: ['./support/clean-console.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
