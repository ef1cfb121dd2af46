import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * The first page's weight (DESIGN §9: at most 300 KB on the wire). Not a timing: byte counts
 * of the built app, so a heavy static import cannot creep back onto the home page unnoticed.
 */

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const HOME_ROUTE_SOURCE = 'src/features/editor/components/HomePage.tsx';
/**
 * Initial JS + CSS of the home page, brotli-compressed: measured 472 KB (React, Mantine and
 * CodeMirror make most of it), budget with ~15 % headroom. DESIGN §9's goal is 300 KB on the
 * wire; lower both budgets as the remaining weight (CodeMirror, locales) is split off.
 */
const INITIAL_BUDGET = 530 * 1024;
/** Everything Chromium downloads for the home page until the network is idle: 508 KB measured. */
const WIRE_BUDGET = 585 * 1024;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  const file = path.join(DIST, '.vite/manifest.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The files a chunk needs before it runs: itself, its static imports (transitively), CSS. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) {
      return;
    }
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

function brotliSize(file: string): number {
  const data = fs.readFileSync(path.join(DIST, file));
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

describe('the home page stays light', () => {
  it('sends its initial JS and CSS, brotli-compressed, under the budget', () => {
    const manifest = readManifest();
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    expect(entry, 'the manifest names the index.html entry').toBeDefined();
    expect(manifest[HOME_ROUTE_SOURCE], 'the home route is its own chunk').toBeDefined();

    const files = [...staticClosure(manifest, [entry ?? '', HOME_ROUTE_SOURCE])];
    const sizes = files.map((file) => ({ file, bytes: brotliSize(file) }));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const heaviest = [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
    console.log(`home page initial JS+CSS, brotli: ${total} bytes in ${files.length} files`);

    // None of the renderers that load on first use may be reachable statically.
    for (const file of files) {
      expect(file).not.toMatch(/mermaid|katex|jspdf|html2canvas|html-to-image|cytoscape/i);
    }
    expect(total, `heaviest: ${JSON.stringify(heaviest)}`).toBeLessThan(INITIAL_BUDGET);
  });

  it('ships no source maps to browsers', () => {
    const maps = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.map'));
    expect(maps).toEqual([]);
  });

  describe('in Chromium', () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('transfers the home page within the wire budget until the network is idle', async () => {
      const context = await newContext(browser, { baseUrl: server.baseUrl, language: 'en-US' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let wire = 0;
      let requests = 0;
      // encodedDataLength is what crossed the network: headers plus the (compressed) body.
      const urls = new Map<string, string>();
      const sizes: { url: string; bytes: number }[] = [];
      cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
      cdp.on('Network.loadingFinished', (event) => {
        wire += event.encodedDataLength;
        requests += 1;
        sizes.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength });
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('.cm-editor').isVisible()).toBe(true);
      console.log(`home page on the wire: ${wire} bytes in ${requests} requests`);
      console.log(sizes.map(({ url, bytes }) => `${bytes}\t${url}`).join('\n'));
      const heaviest = sizes.sort((a, b) => b.bytes - a.bytes).slice(0, 8);
      expect(wire).toBeGreaterThan(0);
      expect(wire, `heaviest: ${JSON.stringify(heaviest)}`).toBeLessThan(WIRE_BUDGET);
      await context.close();
    });
  });
});
