import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useJourney, type Journey } from './support/journey';
import { visible } from './support/ui';
import { entryKeys, groupKey, readManifest, staticClosure } from '../vite/manifest-closure';

/**
 * The first pages' weight (DESIGN §9: at most 300 KB on the wire). Not a timing: byte counts
 * of the built app, so a heavy import cannot creep back onto the first pages unnoticed.
 * `npm run bundle-report -w @pastebox/web` shows what the chunks hold.
 */

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const HOME_ROUTE = 'src/features/editor/components/HomePage.tsx';
const PASTE_ROUTE = 'src/features/pastes/components/PastePage.tsx';
/** Routes that must load neither the first pages' own code nor the editor. */
const OTHER_ROUTES = [
  'src/app/pages/AdminRoute.tsx',
  'src/app/pages/MountExplorerPage.tsx',
  'src/features/upload/components/UploadPage.tsx',
  'src/features/files/components/FilePage.tsx',
];
/** The locale of these journeys: the home page loads it (and only it) at start. */
const LOCALE = 'src/locales/en-US.json';

/**
 * What the home page loads before anyone touches the editor, brotli (JS + CSS: index.html's
 * closure, the home route's, the locale): measured 239 KiB at first (React DOM, React
 * Router and Mantine make most of it), 251.8 KiB on 2026-11-28 with the end-to-end
 * encryption switch and its strings (the cipher code itself loads only when used), 253.1
 * KiB with the encrypted bundles' strings (the locale is one chunk). The guard is 256 KiB,
 * well inside DESIGN §9's 300 KB; winning the headroom back (locale strings per route) is
 * open work. The editor paints as a textarea; CodeMirror (the `editor` chunk) loads when the
 * user first reaches for it.
 */
const INITIAL_BUDGET = 256 * 1024;
/**
 * Everything Chromium receives for a first visit until the network is idle, service worker
 * (its scripts, precache, icons) included: DESIGN §9's 300 KB for both first pages.
 * Measured: a plain Markdown paste 286 KiB, the home page 278 KiB (see docs/performance.md,
 * "The first page").
 */
const HOME_WIRE_BUDGET = 300 * 1024;
const PASTE_WIRE_BUDGET = 300 * 1024;

function brotliSize(file: string): number {
  const data = fs.readFileSync(path.join(DIST, file));
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

describe('the first pages stay light', () => {
  it('sends the home page its initial JS and CSS, brotli-compressed, under the budget', () => {
    const manifest = readManifest(DIST);
    const entry = entryKeys(manifest, DIST);
    expect(entry, 'index.html loads the app').not.toEqual([]);
    expect(manifest[HOME_ROUTE], 'the home route is its own chunk').toBeDefined();
    // The editor group of vite/first-pages.ts: CodeMirror, loaded at the first interaction.
    const editor = groupKey(manifest, 'editor');
    expect(editor, 'CodeMirror is a chunk of its own').toBeDefined();
    // Its editing extras come in the same chunk: undo, Tab and brackets from the first key.
    expect(Object.keys(manifest).filter((key) => /editor-(?:extras|setup)/.test(key))).toEqual([]);

    const keys = [...entry, HOME_ROUTE, LOCALE];
    const files = [...staticClosure(manifest, keys)];
    const sizes = files.map((file) => ({ file, bytes: brotliSize(file) }));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const heaviest = [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
    console.log(`home page initial JS+CSS, brotli: ${total} bytes in ${files.length} files`);

    // None of the renderers that load on first use may be reachable statically, nor
    // CodeMirror (first interaction), nor the other locale.
    expect(files, 'the home page loads CodeMirror before it is used').not.toContain(
      manifest[editor ?? '']?.file,
    );
    for (const file of files) {
      expect(file).not.toMatch(/mermaid|katex|jspdf|html2canvas|html-to-image|cytoscape/i);
      expect(file).not.toMatch(/render-markdown|zh-CN/);
    }
    expect(total, `heaviest: ${JSON.stringify(heaviest)}`).toBeLessThan(INITIAL_BUDGET);
  });

  it('keeps the other routes off the first pages and the first pages off them', () => {
    const manifest = readManifest(DIST);
    const own = [HOME_ROUTE, PASTE_ROUTE].map((key) => manifest[key]?.file);
    // CodeMirror and the Markdown renderer load on first use, never with a route.
    const lazy = Object.values(manifest)
      .filter((chunk) => chunk.name === 'editor' || chunk.name === 'markdown')
      .map((chunk) => chunk.file);
    expect(lazy).toHaveLength(2);
    for (const route of OTHER_ROUTES) {
      expect(manifest[route], `${route} is its own chunk`).toBeDefined();
      const files = staticClosure(manifest, [route]);
      for (const file of [...own, ...lazy]) {
        expect(files.has(file ?? ''), `${route} loads ${file}`).toBe(false);
      }
    }
    const home = staticClosure(manifest, [HOME_ROUTE]);
    for (const route of OTHER_ROUTES) {
      expect(home.has(manifest[route]?.file ?? ''), `the home page loads ${route}`).toBe(false);
    }
  });

  it('ships no source maps to browsers', () => {
    const maps = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.map'));
    expect(maps).toEqual([]);
  });

  describe('in Chromium, service worker allowed (a real first visit)', () => {
    const journey = useJourney();

    it('transfers the home page within the wire budget until the network is idle', async () => {
      const wire = await measureFirstVisit(journey, '/', (page) =>
        visible(page, page.getByRole('textbox', { name: 'Content', exact: true })),
      );
      // Nobody has touched the editor: the textarea stands in for CodeMirror.
      expect(wire.urls.filter((url) => /\/assets\/editor-/.test(url))).toEqual([]);
      expect(wire.total, wire.summary).toBeLessThanOrEqual(HOME_WIRE_BUDGET);
    });

    it('transfers a plain Markdown paste within the wire budget until the network is idle', async () => {
      await journey.call('POST', '/paste', {
        slug: 'plain-notes',
        content:
          '# Plain notes\n\nSome **bold** words, a [link](https://example.com) and a list:\n\n- one\n- two\n',
      });
      const wire = await measureFirstVisit(journey, '/paste/plain-notes', (page) =>
        visible(page, page.locator('h1', { hasText: 'Plain notes' })),
      );
      expect(wire.total, wire.summary).toBeLessThanOrEqual(PASTE_WIRE_BUDGET);
    });
  });
});

interface WireReport {
  total: number;
  summary: string;
  /** Every URL the page or its worker fetched (answered from the network or not). */
  urls: string[];
}

/** The service worker's own scripts: Chromium does not report their body sizes. */
const WORKER_SCRIPT = /\/(?:sw|workbox-[\w-]+)\.js$/;

/**
 * Bytes received (headers plus compressed body) for a first visit in a fresh context:
 * the page's own requests and those of its service worker (which precaches while the page
 * is open), until the worker is active and nothing has moved for a second. A request the
 * worker answered is not counted twice: its network fetch, if any, is the worker's own;
 * one the HTTP cache answered costs nothing.
 */
async function measureFirstVisit(
  journey: Journey,
  route: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<WireReport> {
  const context = await journey.context({ language: 'en-US', asAdmin: false });
  const received: Promise<{ url: string; bytes: number; worker: boolean }>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  context.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  context.on('requestfailed', settle);
  context.on('requestfinished', (request) => {
    settle();
    received.push(
      (async () => {
        const url = request.url();
        const worker = request.serviceWorker() !== null;
        const response = await request.response();
        if (!response || response.fromServiceWorker()) {
          return { url, bytes: 0, worker };
        }
        const sizes = await request.sizes();
        let bytes = Math.max(0, sizes.responseHeadersSize + sizes.responseBodySize);
        if (WORKER_SCRIPT.test(new URL(url).pathname)) {
          const length = Number((await response.headerValue('content-length')) ?? 0);
          bytes = Math.max(bytes, sizes.responseHeadersSize + length);
        }
        return { url, bytes, worker };
      })(),
    );
  });

  const page = await context.newPage();
  await page.goto(route, { waitUntil: 'networkidle' });
  await ready(page);
  // The first visit installs the worker; its precache downloads belong to this visit.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => inFlight <= 0 && Date.now() - lastActivity > 1_000, { timeout: 30_000 })
    .toBe(true);

  const all = await Promise.all(received);
  const sizes = all.filter(({ bytes }) => bytes > 0);
  await context.close();
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const byWorker = sizes.filter(({ worker }) => worker).reduce((sum, { bytes }) => sum + bytes, 0);
  const lines = [...sizes]
    .sort((a, b) => b.bytes - a.bytes)
    .map(({ url, bytes, worker }) => `${bytes}\t${worker ? 'sw ' : ''}${new URL(url).pathname}`);
  console.log(`${route} on the wire: ${total} bytes in ${sizes.length} responses`);
  console.log(`(service worker: ${byWorker})\n${lines.join('\n')}`);
  return {
    total,
    summary: `heaviest:\n${lines.slice(0, 10).join('\n')}`,
    urls: all.map(({ url }) => url),
  };
}
