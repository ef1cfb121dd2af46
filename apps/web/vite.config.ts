import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleStats } from './vite/bundle-stats.ts';
import { e2eDownloadWorker } from './vite/e2e-download-sw.ts';
import { firstPagesChunking } from './vite/first-pages.ts';
import { mantineStylesPerComponent } from './vite/mantine-styles.ts';
import { precompress } from './vite/precompress.ts';
import { pwa } from './vite/pwa.ts';

const firstPages = firstPagesChunking(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  plugins: [
    react(),
    firstPages.plugin,
    mantineStylesPerComponent(),
    pwa(),
    e2eDownloadWorker(fileURLToPath(new URL('.', import.meta.url))),
    precompress(),
    // scripts/bundle-report.ts: what is inside each chunk, written outside dist/.
    process.env.BUNDLE_REPORT === '1' ? bundleStats() : null,
  ],
  // `@/lib/…` instead of imports that climb folders (tsconfig.json has the same paths).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // PASTEBOX_API points the dev proxy at another server (two dev servers side by side).
    proxy: { '/api': process.env.PASTEBOX_API ?? 'http://localhost:8787' },
  },
  build: {
    outDir: 'dist',
    // Browsers get no source maps (they would double the download and expose the sources).
    sourcemap: false,
    // dist/.vite/manifest.json: the bundle-budget e2e test walks the home page's chunks.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: firstPages.groups } } },
  },
});
