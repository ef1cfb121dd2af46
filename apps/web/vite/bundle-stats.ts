import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { minifySync, type Plugin } from 'vite';

/**
 * With BUNDLE_REPORT=1 (scripts/bundle-report.ts), writes every chunk's modules and their
 * rendered sizes to dist-report/chunks.json, outside dist/ so it is never shipped. The
 * manifest says which chunks a page loads; only this says what is inside them.
 */
export function bundleStats(): Plugin {
  return {
    name: 'pastebox-bundle-stats',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                modules: Object.entries(output.modules).map(([id, module]) => ({
                  id,
                  bytes: module.renderedLength,
                  // Per module, out of its chunk's context: an estimate good for ranking.
                  brotli: module.code ? brotliSize(module.code) : 0,
                })),
              },
            ]
          : [],
      );
      const dir = fileURLToPath(new URL('../dist-report', import.meta.url));
      await fs.mkdir(dir, { recursive: true });
      // A local, on-demand view: never committed.
      await fs.writeFile(path.join(dir, '.gitignore'), '*\n');
      await fs.writeFile(path.join(dir, 'chunks.json'), JSON.stringify(chunks));
    },
  };

  /** Minified first (rendered module code is not: the whole chunk is minified later). */
  function brotliSize(code: string): number {
    let minified = code;
    try {
      minified = minifySync('module.js', code).code;
    } catch {
      // A module that is not a program on its own (rare): its rendered size will do.
    }
    return brotliCompressSync(minified, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
  }
}
