import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * The service worker's part of saving an encrypted file (src/sw/e2e-download.ts), built on
 * its own as one classic script, dist/e2e-download-sw.js, for the generated worker to
 * `importScripts` (vite/pwa.ts): a worker script cannot be one of the app's module chunks,
 * and its name must not change from build to build.
 */
export function e2eDownloadWorker(root: string): Plugin {
  let outDir = path.join(root, 'dist');
  return {
    name: 'pastebox-e2e-download-sw',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await build({
        entryPoints: [path.join(root, 'src/sw/e2e-download.ts')],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        outfile: path.join(outDir, 'e2e-download-sw.js'),
        logLevel: 'warning',
      });
    },
  };
}
