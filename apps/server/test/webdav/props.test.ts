import { beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server';
import { davFetch, propfind } from './dav-support';
import { lock, put, serverWithDocs } from './locks-support';

const NS = 'http://example.com/ns/';

function patch(server: TestServer, path: string, inner: string, headers = {}) {
  return davFetch(server, 'PROPPATCH', path, {
    headers,
    body: `<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:e="${NS}">${inner}</D:propertyupdate>`,
  });
}

const named = `<D:propfind xmlns:D="DAV:"><D:prop><e:color xmlns:e="${NS}"/><e:shape xmlns:e="${NS}"/></D:prop></D:propfind>`;

describe('WebDAV dead properties [local]', () => {
  const docs = serverWithDocs();
  let server: TestServer;
  beforeEach(() => {
    server = docs();
  });

  it('sets and removes properties in document order and PROPFIND shows them', async () => {
    await put(server, '/docs/p.txt', 'x');
    const res = await patch(
      server,
      '/docs/p.txt',
      '<D:set><D:prop><e:color>red &amp; &#65536;</e:color>' +
        '<e:shape><o:circle xmlns:o="http://other/" o:r="2">round</o:circle></e:shape></D:prop></D:set>' +
        '<D:remove><D:prop><e:color/></D:prop></D:remove>' +
        '<D:set><D:prop><e:color>blue &amp; \u{10000}</e:color></D:prop></D:set>',
    );
    expect(res.status).toBe(207);
    const text = await res.text();
    expect(text).toContain('<D:href>/dav/docs/p.txt</D:href>');
    expect(text).toContain('HTTP/1.1 200 OK');
    const found = await propfind(server, '/docs/p.txt', '0', named);
    expect(found.text).toContain('blue &amp; \u{10000}');
    expect(found.text).toContain(
      '<circle xmlns="http://other/" xmlns:a0="http://other/" a0:r="2">round</circle>',
    );

    await patch(server, '/docs/p.txt', '<D:remove><D:prop><e:color/></D:prop></D:remove>');
    const after = await propfind(server, '/docs/p.txt', '0', named);
    expect(after.text).not.toContain('blue');
    expect(after.text).toContain('HTTP/1.1 404');
  });

  it('refuses DAV: properties as protected, and then changes nothing (424 for the rest)', async () => {
    await put(server, '/docs/q.txt', 'x');
    const res = await patch(
      server,
      '/docs/q.txt',
      '<D:set><D:prop><e:color>green</e:color><D:getetag>"x"</D:getetag></D:prop></D:set>',
    );
    expect(res.status).toBe(207);
    const text = await res.text();
    expect(text).toMatch(/<D:getetag\/><\/D:prop><D:status>HTTP\/1.1 403 Forbidden/);
    expect(text).toContain('<D:cannot-modify-protected-property/>');
    expect(text).toContain('HTTP/1.1 424 Failed Dependency');
    expect((await propfind(server, '/docs/q.txt', '0', named)).text).not.toContain('green');
  });

  it('answers 404 for a missing resource, 400 for a bad body, 423 on a locked file', async () => {
    const set = '<D:set><D:prop><e:color>x</e:color></D:prop></D:set>';
    expect((await patch(server, '/docs/none.txt', set)).status).toBe(404);
    await put(server, '/docs/r.txt', 'x');
    const broken = await davFetch(server, 'PROPPATCH', '/docs/r.txt', {
      body: '<D:propertyupdate',
    });
    expect(broken.status).toBe(400);
    const wrongRoot = await davFetch(server, 'PROPPATCH', '/docs/r.txt', {
      body: '<D:propfind xmlns:D="DAV:"/>',
    });
    expect(wrongRoot.status).toBe(400);
    const taken = await lock(server, '/docs/r.txt');
    expect((await patch(server, '/docs/r.txt', set)).status).toBe(423);
    expect((await patch(server, '/docs/r.txt', set, { If: `(<${taken.token}>)` })).status).toBe(
      207,
    );
  });

  it('properties follow COPY and MOVE, members included, and vanish with DELETE', async () => {
    await davFetch(server, 'MKCOL', '/docs/src');
    await put(server, '/docs/src/f.txt', 'x');
    const set = '<D:set><D:prop><e:color>teal</e:color></D:prop></D:set>';
    await patch(server, '/docs/src', set);
    await patch(server, '/docs/src/f.txt', set);
    const copied = await davFetch(server, 'COPY', '/docs/src', {
      headers: { Destination: `${server.baseUrl}/dav/docs/copy`, Depth: 'infinity' },
    });
    expect(copied.status).toBe(201);
    expect((await propfind(server, '/docs/copy/f.txt', '0', named)).text).toContain('teal');
    expect((await propfind(server, '/docs/src/f.txt', '0', named)).text).toContain('teal');

    const moved = await davFetch(server, 'MOVE', '/docs/src', {
      headers: { Destination: `${server.baseUrl}/dav/docs/moved` },
    });
    expect(moved.status).toBe(201);
    expect((await propfind(server, '/docs/moved/f.txt', '0', named)).text).toContain('teal');
    expect((await propfind(server, '/docs/moved', '0', named)).text).toContain('teal');
    await davFetch(server, 'MKCOL', '/docs/src');
    expect((await propfind(server, '/docs/src', '0', named)).text).not.toContain('teal');

    expect((await davFetch(server, 'DELETE', '/docs/moved')).status).toBe(204);
    await davFetch(server, 'MKCOL', '/docs/moved');
    await put(server, '/docs/moved/f.txt', 'x');
    expect((await propfind(server, '/docs/moved/f.txt', '0', named)).text).not.toContain('teal');
    const rows = await server.deps.db
      .selectFrom('dav_properties')
      .select('path')
      .where('path', 'like', '/docs/moved%')
      .execute();
    expect(rows).toEqual([]);
  });
});
