import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

export default defineConfig({
  // The SQLite checkpoint thread is a file of its own: a worker thread runs a file.
  // maintenance.js: backup, restore and migrate-db (npm run backup|restore|migrate-db).
  entry: {
    main: 'src/main.ts',
    'sqlite-checkpoint-thread': 'src/db/sqlite-checkpoint-thread.js',
    maintenance: 'src/maintenance/main.ts',
    // npm run import-cloudpaste (issue 36, docs/import-cloudpaste.md).
    'import-cloudpaste': 'src/import-cloudpaste.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contract is TypeScript source in the workspace: bundle it; npm packages stay external.
  noExternal: [/^@pastebox\//],
  define: { __APP_VERSION__: JSON.stringify(version) },
});
