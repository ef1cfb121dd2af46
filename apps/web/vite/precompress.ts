import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

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
export function precompress(): Plugin {
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
