import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
/** Deployments edit config.js in place (see src/lib/backend.ts): a stale .br would win. */
const EDITABLE = new Set(['config.js']);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !path.relative(dir, e.parentPath).startsWith('.'))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every text asset once the bundle is
 * written, so the server sends them with Content-Encoding and never compresses per request
 * (DESIGN §9). A variant that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pastebox-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the service worker is generated, so sw.js and the web manifest are compressed
    // too, and the precache list never names a .br / .gz file.
    closeBundle: { order: 'post', sequential: true, handler: compressOutput },
  };

  async function compressOutput() {
    const files = (await listFiles(outDir)).filter(
      (file) => COMPRESSIBLE.test(file) && !EDITABLE.has(path.relative(outDir, file)),
    );
    await Promise.all(
      files.map(async (file) => {
        const data = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzipAsync(data, { level: 9 }),
        ]);
        if (br.length < data.length) {
          await fs.writeFile(`${file}.br`, br);
        }
        if (gz.length < data.length) {
          await fs.writeFile(`${file}.gz`, gz);
        }
      }),
    );
  }
}

/**
 * The installable, offline app (SPEC §2, §4; DESIGN §9): a generated Workbox service worker
 * that precaches the app shell and every hashed chunk, registered by the app itself
 * (src/features/pwa) so a new version waits for the user's "Reload to update".
 * Offline data (pastes, files, folders) is the IndexedDB's job, never this cache's.
 */
function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'Pastebox',
      short_name: 'Pastebox',
      description: 'Share text and files by link',
      lang: 'en-US',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      // Mantine's blue (the primary color) and the light body background.
      theme_color: '#228be6',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // Deployments edit config.js in place (src/lib/backend.ts): never a stale precached copy.
      globIgnores: ['config.js', '**/*.br', '**/*.gz'],
      // The lazy renderers (mermaid, PDF export) are large, and must still work offline.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: 'index.html',
      // The API, WebDAV and the server's own pages are never the SPA.
      navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/dav(?:\/|$)/],
      cleanupOutdatedCaches: true,
      // The first visit is offline-ready without a reload; an update still waits (prompt).
      clientsClaim: true,
      runtimeCaching: [
        {
          // The network's config.js while online, the last one seen while offline.
          urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname === '/config.js',
          handler: 'NetworkFirst',
          options: { cacheName: 'pastebox-config', networkTimeoutSeconds: 3 },
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), pwa(), precompress()],
  // `@/lib/…` instead of imports that climb folders (tsconfig.json has the same paths).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8787' },
  },
  build: {
    outDir: 'dist',
    // Browsers get no source maps (they would double the download and expose the sources).
    sourcemap: false,
    // dist/.vite/manifest.json: the bundle-budget e2e test walks the home page's chunks.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
