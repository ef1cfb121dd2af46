import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  // The contract is TypeScript source in this repository, not a published package, and
  // zod comes bundled with it: loading zod's hundred modules was about a fifth of every
  // run's start (0.45 → 0.35 CPU-seconds). `npm install -g pastebox` needs commander only.
  noExternal: [/^@pastebox\//, 'zod'],
});
