/**
 * What the first pages download, and what is inside it (DESIGN §9: the home page costs at
 * most 300 KB on the wire). Builds the app into dist-report/app with BUNDLE_REPORT=1 (the
 * bundle-stats plugin of vite.config.ts), never into dist/, so it needs no build lock and
 * ships nothing; then prints, for the home page and the paste page, the chunks they load
 * as they render (brotli, quality 11), the packages and modules that weigh most in them,
 * and what the service worker precaches.
 *
 *   npm run bundle-report -w @pastebox/web            build, then report
 *   npm run bundle-report -w @pastebox/web -- --no-build   report on the last build
 *
 * The files a page loads are counted as the service worker's precache list and the budget
 * journey count them (vite/manifest-closure.ts).
 *
 * Headers, the service worker and the icons are not counted here: the Chromium wire test
 * (e2e/bundle-budget.e2e.ts) measures everything a first visit receives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  entryKeys,
  groupKey,
  readManifest,
  staticClosure,
  type Manifest,
} from '../vite/manifest-closure';

/** A chunk of dist-report/chunks.json (vite/bundle-stats.ts): what is inside it. */
interface ChunkModules {
  file: string;
  modules: { id: string; bytes: number; brotli: number }[];
}

const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.join(APP, 'dist-report');
const OUT = path.join(REPORT, 'app');
/**
 * Each first page: its route, and what it loads as it renders (`group:` names a chunk group
 * of vite/first-pages.ts; the journeys' locale is en-US). The home page paints its editor
 * as a textarea; CodeMirror (the `editor` group) comes when the user first reaches for it.
 */
const PAGES: Record<string, string[]> = {
  'home page': ['src/features/editor/components/HomePage.tsx', 'src/locales/en-US.json'],
  'home page, editor in use': [
    'src/features/editor/components/HomePage.tsx',
    'group:editor',
    'src/locales/en-US.json',
  ],
  'paste page': [
    'src/features/pastes/components/PastePage.tsx',
    'group:markdown',
    'src/locales/en-US.json',
  ],
};
const TOP = 15;

async function buildApp(): Promise<void> {
  process.env.BUNDLE_REPORT = '1';
  const { build } = await import('vite');
  await build({
    root: APP,
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true },
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const brotliCache = new Map<string, number>();
function brotliSize(file: string): number {
  if (!brotliCache.has(file)) {
    const data = fs.readFileSync(path.join(OUT, file));
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11 };
    brotliCache.set(file, brotliCompressSync(data, { params }).length);
  }
  return brotliCache.get(file) ?? 0;
}

/** `node_modules/@scope/name/…` → `@scope/name`; the app's own files stay as they are. */
function packageOf(id: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return match?.[1] ?? path.relative(APP, id.replace(/\?.*$/, ''));
}

function table(rows: [string, string][]): string {
  return rows.map(([size, label]) => `  ${size.padStart(10)}  ${label}`).join('\n');
}

function pageKeys(manifest: Manifest, name: string): string[] {
  return (PAGES[name] ?? []).flatMap((key) => {
    const resolved = key.startsWith('group:')
      ? groupKey(manifest, key.slice('group:'.length))
      : key;
    return resolved ? [resolved] : [];
  });
}

function reportPage(name: string, manifest: Manifest, chunks: ChunkModules[]): void {
  const files = [
    ...staticClosure(manifest, [...entryKeys(manifest, OUT), ...pageKeys(manifest, name)]),
  ];
  const sized = files.map((file) => ({ file, bytes: brotliSize(file) }));
  const total = sized.reduce((sum, { bytes }) => sum + bytes, 0);
  console.log(`\n== ${name}: ${kb(total)} JS+CSS (brotli) in ${files.length} files`);
  const heaviest = sized.sort((a, b) => b.bytes - a.bytes).slice(0, TOP);
  console.log(table(heaviest.map(({ file, bytes }) => [kb(bytes), file] as [string, string])));

  const modules = chunks.filter((chunk) => files.includes(chunk.file)).flatMap((c) => c.modules);
  const byPackage = new Map<string, number>();
  for (const module of modules) {
    const key = packageOf(module.id);
    byPackage.set(key, (byPackage.get(key) ?? 0) + module.brotli);
  }
  console.log(`  packages and app files (brotli per module, an estimate):`);
  const packages = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  console.log(table(packages.map(([key, bytes]) => [kb(bytes), key] as [string, string])));
  console.log(`  modules:`);
  const biggest = [...modules].sort((a, b) => b.brotli - a.brotli).slice(0, TOP);
  console.log(
    table(
      biggest.map(({ id, brotli }) => [kb(brotli), path.relative(APP, id)] as [string, string]),
    ),
  );
}

function reportPrecache(): void {
  const sw = fs.readFileSync(path.join(OUT, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map(([, url = '']) => url);
  const files = urls.filter((url) => fs.existsSync(path.join(OUT, url)));
  const total = files.reduce((sum, file) => sum + brotliSize(file), 0);
  console.log(`\n== service worker precache: ${kb(total)} (brotli) in ${files.length} files`);
}

if (!process.argv.includes('--no-build')) {
  await buildApp();
}
const manifest = readManifest(OUT);
const chunks = JSON.parse(
  fs.readFileSync(path.join(REPORT, 'chunks.json'), 'utf8'),
) as ChunkModules[];
for (const name of Object.keys(PAGES)) {
  reportPage(name, manifest, chunks);
}
reportPrecache();
