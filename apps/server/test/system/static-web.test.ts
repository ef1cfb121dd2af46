import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../support/raw-get';
import { startTestServer, type TestServer } from '../support/test-server';

const INDEX_HTML = '<!doctype html><html><body><div id="root">pastebox-spa</div></body></html>';
const ASSET_JS = 'console.log("app-abc123");';
const SW_JS = 'importScripts("workbox-ee9d8b34.js");';
const WEB_MANIFEST = JSON.stringify({ name: 'Pastebox', display: 'standalone' });

describe('serving the built web app (WEB_DIST)', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), ASSET_JS);
    fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
    // What the build's precompress step writes next to each text asset.
    // What vite-plugin-pwa writes (apps/web/vite.config.ts); an sw.js under /assets stands
    // for a future build that moves it there.
    fs.writeFileSync(path.join(webDist, 'sw.js'), SW_JS);
    fs.writeFileSync(path.join(webDist, 'workbox-ee9d8b34.js'), SW_JS);
    fs.writeFileSync(path.join(webDist, 'assets', 'sw.js'), SW_JS);
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), WEB_MANIFEST);
    for (const [file, text] of [
      ['assets/app-abc123.js', ASSET_JS],
      ['index.html', INDEX_HTML],
      ['sw.js', SW_JS],
      ['manifest.webmanifest', WEB_MANIFEST],
    ] as const) {
      fs.writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
      fs.writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
    }
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.map'), '{"version":3}');
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
    server = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves a hashed asset with a long-lived immutable cache', async () => {
    const res = await server.anon.raw('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ASSET_JS);
    expect(res.headers.get('content-type')).toContain('javascript');
    const cache = res.headers.get('cache-control') ?? '';
    expect(cache).toContain('immutable');
    expect(cache).toContain('max-age=31536000');
  });

  it('answers a .js asset brotli-compressed when the client accepts br', async () => {
    const res = await rawGet(server.baseUrl + '/assets/app-abc123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(ASSET_JS);
  });

  it('answers a .js asset gzip-compressed when the client accepts only gzip', async () => {
    const res = await rawGet(server.baseUrl + '/assets/app-abc123.js', {
      'accept-encoding': 'gzip',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(res.body).toString()).toBe(ASSET_JS);
  });

  it('answers a .js asset uncompressed when the client accepts no encoding', async () => {
    const res = await rawGet(server.baseUrl + '/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.toString()).toBe(ASSET_JS);
  });

  it.each(['/', '/paste/xyz'])('answers %s with the brotli index.html for br', async (route) => {
    const res = await rawGet(server.baseUrl + route, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX_HTML);
  });

  it.each(['/assets/app-abc123.js.map', '/.vite/manifest.json'])(
    'does not serve %s',
    async (route) => {
      const res = await rawGet(server.baseUrl + route, { 'accept-encoding': 'br' });
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('version');
      expect(res.body.toString()).not.toContain('pastebox-spa');
    },
  );

  it.each(['/sw.js', '/workbox-ee9d8b34.js', '/assets/sw.js'])(
    'serves the service worker script %s revalidated, never immutable',
    async (route) => {
      const res = await server.anon.raw(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(SW_JS);
    },
  );

  it('serves sw.js brotli-compressed, still revalidated', async () => {
    const res = await rawGet(server.baseUrl + '/sw.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(SW_JS);
  });

  it('serves the web app manifest as application/manifest+json, compressed or not', async () => {
    const plain = await rawGet(server.baseUrl + '/manifest.webmanifest');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toContain('application/manifest+json');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(plain.body.toString())).toEqual(JSON.parse(WEB_MANIFEST));

    const br = await rawGet(server.baseUrl + '/manifest.webmanifest', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/manifest+json');
    expect(brotliDecompressSync(br.body).toString()).toBe(WEB_MANIFEST);
  });

  it('serves other files revalidated', async () => {
    const res = await server.anon.raw('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/', '/paste/xyz', '/paste/notes.map', '/admin/key-management', '/mount-explorer/a/b'])(
    'answers %s with index.html, no-cache, and the security headers',
    async (route) => {
      const res = await server.anon.raw(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX_HTML);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('tags each encoding of index.html and answers a revalidation with 304', async () => {
    const br = await rawGet(server.baseUrl + '/', { 'accept-encoding': 'br' });
    const plain = await rawGet(server.baseUrl + '/paste/xyz');
    const brTag = br.headers.etag ?? '';
    expect(brTag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    // Different bytes, different strong validators: a cache never swaps one for the other.
    expect(plain.headers.etag).not.toBe(brTag);

    const again = await rawGet(server.baseUrl + '/paste/other', {
      'accept-encoding': 'br',
      'if-none-match': `"stale", W/${brTag}`,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(brTag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toContain('Accept-Encoding');

    // The tag of another encoding does not match: the client gets the document.
    const other = await rawGet(server.baseUrl + '/', {
      'accept-encoding': 'gzip',
      'if-none-match': brTag,
    });
    expect(other.status).toBe(200);
    expect(gunzipSync(other.body).toString()).toBe(INDEX_HTML);
  });

  it('still answers an unknown /api path with the JSON 404', async () => {
    const res = await server.anon.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.error).toBe('NOT_FOUND');
  });

  it('still serves the API', async () => {
    const res = await server.anon.get('/api/health');
    expect(res.status).toBe(200);
  });

  it('never serves a file from outside the web folder', async () => {
    const secret = path.join(path.dirname(webDist), `${path.basename(webDist)}-secret.txt`);
    fs.writeFileSync(secret, 'outside');
    try {
      const res = await fetch(
        `${server.baseUrl}/..%2F${encodeURIComponent(path.basename(secret))}`,
      );
      expect(await res.text()).not.toContain('outside');
    } finally {
      fs.rmSync(secret, { force: true });
    }
  });
});
