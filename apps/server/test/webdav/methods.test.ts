import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedSizes } from '../fs/fs-support';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { eachStorage, mountOn } from '../vfs/support';
import { davFetch, hrefsOf, propfind } from './dav-support';

/** A request body sent chunked: a stream, so fetch sends no Content-Length. */
function chunked(parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) {
        controller.enqueue(Buffer.from(part));
      }
      controller.close();
    },
  });
}

const UNICODE = 'Ünïcødé 文件 #1 100% (a+b)?.txt';

eachStorage((target) => {
  describe(`WebDAV methods [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      await mountOn(server, admin, target, { mountPath: '/a' });
      await mountOn(server, admin, target, { mountPath: '/b' });
      const [other] = storageTargets().filter((t) => t.name !== target.name);
      if (!other) {
        throw new Error('two storage targets expected');
      }
      await mountOn(server, admin, other, { mountPath: '/elsewhere' });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('PROPFIND: depth 0 and 1, infinity refused, bad XML 400, named props 404', async () => {
      await davFetch(server, 'MKCOL', '/a/p');
      await davFetch(server, 'PUT', '/a/p/f.txt', { body: 'abc' });
      const zero = await propfind(server, '/a/p', '0');
      expect(zero.status).toBe(207);
      expect(hrefsOf(zero.text)).toEqual(['/dav/a/p/']);
      const one = await propfind(server, '/a/p', '1');
      expect(hrefsOf(one.text)).toEqual(['/dav/a/p/', '/dav/a/p/f.txt']);
      expect(one.text).toContain('<D:getcontentlength>3</D:getcontentlength>');
      expect(one.text).toMatch(/<D:getetag>&quot;.+&quot;<\/D:getetag>/);
      const infinity = await propfind(server, '/a/p', null);
      expect(infinity.status).toBe(403);
      expect(infinity.text).toContain('propfind-finite-depth');
      expect((await propfind(server, '/a/p', '1', '<propfind xmlns="DAV:"><prop>')).status).toBe(
        400,
      );
      const named = await propfind(
        server,
        '/a/p/f.txt',
        '0',
        '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getcontentlength/>' +
          '<Z:nope xmlns:Z="urn:z"/></D:prop></D:propfind>',
      );
      expect(named.text).toMatch(/<D:getcontentlength>3<\/D:getcontentlength>.*200 OK/s);
      expect(named.text).toMatch(/<x:nope xmlns:x="urn:z"\/>.*404 Not Found/s);
      const names = await propfind(
        server,
        '/a/p/f.txt',
        '0',
        '<propfind xmlns="DAV:"><propname/></propfind>',
      );
      expect(names.text).toContain('<D:getetag/>');
      expect((await propfind(server, '/a/missing', '0')).status).toBe(404);
    });

    it('PUT: chunked and 0-byte bodies, byte-identical, seen by the fs API', async () => {
      await davFetch(server, 'MKCOL', '/a/put');
      const parts = ['first part, ', 'second part, ', 'third'];
      const res = await davFetch(server, 'PUT', '/a/put/chunked.txt', { body: chunked(parts) });
      expect(res.status).toBe(201);
      expect((await davFetch(server, 'PUT', '/a/put/empty', { body: '' })).status).toBe(201);
      const get = await davFetch(server, 'GET', '/a/put/chunked.txt');
      expect(await get.text()).toBe(parts.join(''));
      expect((await davFetch(server, 'GET', '/a/put/empty')).headers.get('content-length')).toBe(
        '0',
      );
      expect(await listedSizes(admin, '/a/put')).toEqual({ 'chunked.txt': 30, empty: 0 });
      expect((await davFetch(server, 'PUT', '/a/nope/x.txt', { body: 'x' })).status).toBe(409);
      expect((await davFetch(server, 'PUT', '/a/put', { body: 'x' })).status).toBe(405);
    });

    it('GET: Range 206, past the end 416, If-None-Match 304, If-Match 412', async () => {
      await davFetch(server, 'PUT', '/a/range.txt', { body: '0123456789' });
      const part = await davFetch(server, 'GET', '/a/range.txt', {
        headers: { Range: 'bytes=2-5' },
      });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe('2345');
      expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
      const past = await davFetch(server, 'GET', '/a/range.txt', {
        headers: { Range: 'bytes=20-' },
      });
      expect(past.status).toBe(416);
      const etag = (await davFetch(server, 'HEAD', '/a/range.txt')).headers.get('etag') ?? '';
      expect(etag).toMatch(/^".+"$/);
      const cached = await davFetch(server, 'GET', '/a/range.txt', {
        headers: { 'If-None-Match': etag },
      });
      expect(cached.status).toBe(304);
      const stale = await davFetch(server, 'GET', '/a/range.txt', {
        headers: { 'If-Match': '"other"' },
      });
      expect(stale.status).toBe(412);
    });

    it('MKCOL: 201, exists 405, no parent 409, a body 415', async () => {
      expect((await davFetch(server, 'MKCOL', '/a/col')).status).toBe(201);
      expect((await davFetch(server, 'MKCOL', '/a/col')).status).toBe(405);
      expect((await davFetch(server, 'MKCOL', '/a/no/col')).status).toBe(409);
      expect((await davFetch(server, 'MKCOL', '/a/body', { body: '<x/>' })).status).toBe(415);
    });

    it('DELETE removes a collection recursively; a missing one is 404', async () => {
      await davFetch(server, 'MKCOL', '/a/del');
      await davFetch(server, 'MKCOL', '/a/del/sub');
      await davFetch(server, 'PUT', '/a/del/sub/f.txt', { body: 'f' });
      expect((await davFetch(server, 'DELETE', '/a/del')).status).toBe(204);
      expect((await propfind(server, '/a/del', '0')).status).toBe(404);
      expect((await davFetch(server, 'DELETE', '/a/del')).status).toBe(404);
    });

    it('COPY and MOVE within a mount, across mounts and across storages', async () => {
      await davFetch(server, 'MKCOL', '/a/tree');
      await davFetch(server, 'MKCOL', '/a/tree/sub');
      await davFetch(server, 'PUT', '/a/tree/sub/x.txt', { body: 'x-bytes' });
      const copy = (to: string, headers: Record<string, string> = {}) =>
        davFetch(server, 'COPY', '/a/tree', { headers: { Destination: to, ...headers } });
      expect((await copy('/dav/a/tree2')).status).toBe(201);
      expect((await copy('/dav/a/tree2')).status).toBe(204);
      expect((await copy('/dav/a/tree2', { Overwrite: 'F' })).status).toBe(412);
      expect((await copy(`${server.baseUrl}/dav/b/tree`)).status).toBe(201);
      expect((await copy('/dav/elsewhere/tree')).status).toBe(201);
      expect((await copy('/dav/a/tree')).status).toBe(403);
      expect((await copy('http://other.example/dav/a/t')).status).toBe(502);
      for (const root of ['/a/tree2', '/b/tree', '/elsewhere/tree']) {
        const get = await davFetch(server, 'GET', `${root}/sub/x.txt`);
        expect(await get.text(), root).toBe('x-bytes');
      }
      const move = (from: string, to: string) =>
        davFetch(server, 'MOVE', from, { headers: { Destination: to } });
      expect((await move('/a/tree2', '/dav/a/moved')).status).toBe(201);
      expect((await move('/b/tree', '/dav/elsewhere/from-b')).status).toBe(201);
      expect((await propfind(server, '/a/tree2', '0')).status).toBe(404);
      expect((await propfind(server, '/b/tree', '0')).status).toBe(404);
      expect(await (await davFetch(server, 'GET', '/a/moved/sub/x.txt')).text()).toBe('x-bytes');
      const across = await davFetch(server, 'GET', '/elsewhere/from-b/sub/x.txt');
      expect(await across.text()).toBe('x-bytes');
      expect(await listedSizes(admin, '/elsewhere/from-b/sub')).toEqual({ 'x.txt': 7 });
    });

    it('round-trips Unicode and reserved characters in hrefs', async () => {
      const href = `/a/${encodeURIComponent(UNICODE)}`;
      expect((await davFetch(server, 'PUT', href, { body: 'u' })).status).toBe(201);
      const { text } = await propfind(server, '/a', '1');
      expect(hrefsOf(text)).toContain(`/dav/a/${UNICODE}`);
      const raw = [...text.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => m[1] ?? '');
      expect(
        raw.every((h) => /^[\x21-\x7e]+$/.test(h) && !h.includes('#') && !h.includes('?')),
      ).toBe(true);
      expect(await (await davFetch(server, 'GET', href)).text()).toBe('u');
      expect(Object.keys(await listedSizes(admin, '/a'))).toContain(UNICODE);
    });
  });
});
