import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { entryKeys, indexHtmlAssets, readManifest, staticClosure } from './manifest-closure.ts';

/**
 * Files of the build that are the app shell whatever the bundle looks like. Not the
 * favicon: the browser keeps its own copy, and a precached one is fetched twice.
 */
const SHELL_FILES = new Set(['index.html', 'manifest.webmanifest']);

/**
 * What a first visit precaches: index.html and what it loads (the entry, its static
 * imports, their CSS), so the app starts offline and those files stay of one version. The
 * visit downloaded them already and the worker takes them from the HTTP cache, so its
 * install costs next to nothing on the wire (DESIGN §9). The routes' chunks are not here:
 * each first page would pay for the other's (a paste reader for the editor's form, and so
 * on). They are cached at run time when first used, the first page's own included (the
 * page hands them over once the worker controls it, src/features/pwa/service-worker.ts).
 */
function shellFiles(outDir: string): Set<string> {
  const manifest = readManifest(outDir);
  return new Set([
    ...SHELL_FILES,
    // index.html names the entry's files (the manifest does not: vite/first-pages.ts).
    ...indexHtmlAssets(outDir),
    ...staticClosure(manifest, entryKeys(manifest, outDir)),
  ]);
}

/**
 * The installable, offline app (SPEC §2, §4; DESIGN §9): a generated Workbox service worker
 * that precaches the app shell (`shellFiles`) and caches every other hashed file (routes,
 * the editor, the locales, the renderers: mermaid, KaTeX, PDF export, charts) the first
 * time it is fetched, registered by the app itself (src/features/pwa) so a new version
 * waits for the user's "Reload to update". Offline data (pastes, files, folders) is the
 * IndexedDB's job, never this cache's.
 */
export function pwa(): Plugin[] {
  let outDir = 'dist';
  const readOutDir: Plugin = {
    name: 'pastebox-pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  return [
    readOutDir,
    ...VitePWA({
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
        globPatterns: ['**/*.{js,css,html,svg}'],
        // Deployments edit config.js in place (src/lib/backend.ts): never a stale precached copy.
        globIgnores: ['config.js', '**/*.br', '**/*.gz'],
        manifestTransforms: [
          (entries) => {
            const manifest = path.join(outDir, '.vite/manifest.json');
            // Only after a failed build (whose own error is the one to read): say so, keep all.
            if (!fs.existsSync(manifest)) {
              return {
                manifest: entries,
                warnings: [`${manifest} missing: precaching everything`],
              };
            }
            const shell = shellFiles(outDir);
            return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
          },
        ],
        navigateFallback: 'index.html',
        // The API, WebDAV, the server's own pages and an encrypted file being saved
        // (src/sw/e2e-download.ts) are never the SPA.
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/dav(?:\/|$)/, /^\/e2e-download\//],
        // Streams a decrypted file to disk (issue 35); its listeners come before Workbox's.
        importScripts: ['e2e-download-sw.js'],
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
          {
            // Hashed files never change: the first copy fetched is the copy kept. A renderer
            // (mermaid, KaTeX, PDF export, charts), the editor or a route used online once is
            // there offline; the page hands over what it fetched before the worker took
            // control (src/features/pwa/service-worker.ts).
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'pastebox-assets',
              // Old versions' files pile up across deployments: keep the most recent ones.
              expiration: { maxEntries: 400, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The manifest's icons: the browser asks for them when it offers installing.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/icons/'),
            handler: 'CacheFirst',
            options: { cacheName: 'pastebox-icons', cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
  ];
}
