import { beforeEach, describe, expect, it } from 'vitest';
import { sendStreamedBody } from '../support/streamed-body';
import type { TestServer } from '../support/test-server';
import { ADMIN_BASIC, davFetch, hrefsOf, propfind } from './dav-support';
import { lock, lockBody, put, serverWithDocs, unlock } from './locks-support';

const MB = 1024 * 1024;

/** A streamed body to /dav{path} as the admin (sendStreamedBody); answers the status. */
async function sendBody(
  server: TestServer,
  method: string,
  path: string,
  bytes: number,
  options: { chunked: boolean },
): Promise<number> {
  const answer = await sendStreamedBody(`${server.baseUrl}/dav${path}`, method, bytes, {
    ...options,
    headers: { authorization: ADMIN_BASIC, 'content-type': 'application/xml', depth: '0' },
  });
  return answer.status;
}

const XML_METHODS = ['PROPFIND', 'PROPPATCH', 'LOCK'] as const;

describe('WebDAV request bodies are limited while they arrive [local]', () => {
  const docs = serverWithDocs();
  let server: TestServer;
  beforeEach(async () => {
    server = docs();
    await put(server, '/docs/target.txt', 'hello');
  });

  it('answers 413 to a 5 MB body, chunked or declared, on every method that reads XML', async () => {
    for (const method of XML_METHODS) {
      for (const chunked of [true, false]) {
        const status = await sendBody(server, method, '/docs/target.txt', 5 * MB, { chunked });
        expect(status, `${method} chunked=${chunked}`).toBe(413);
      }
    }
    // Nothing was locked or changed by the refused bodies.
    expect(await put(server, '/docs/target.txt', 'still writable')).toBe(204);
  });

  it('keeps memory flat under parallel 48 MB chunked bodies', async () => {
    const before = process.memoryUsage().rss;
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sendBody(
          server,
          XML_METHODS[i % XML_METHODS.length] ?? 'LOCK',
          '/docs/target.txt',
          48 * MB,
          {
            chunked: true,
          },
        ),
      ),
    );
    expect(statuses).toEqual([413, 413, 413, 413, 413, 413]);
    // 6 × 48 MB read as text would be well over 300 MB; the limit holds each to 1 MB.
    expect((process.memoryUsage().rss - before) / MB).toBeLessThan(100);
    expect((await propfind(server, '/docs/target.txt', '0')).status).toBe(207);
  });

  it('still reads small chunked bodies in full', async () => {
    const body = '<D:propfind xmlns:D="DAV:"><D:prop><D:getcontentlength/></D:prop></D:propfind>';
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split inside a multi-byte-free tag: the parts arrive as separate chunks.
        controller.enqueue(new TextEncoder().encode(body.slice(0, 20)));
        controller.enqueue(new TextEncoder().encode(body.slice(20)));
        controller.close();
      },
    });
    const res = await davFetch(server, 'PROPFIND', '/docs/target.txt', {
      headers: { Depth: '0' },
      body: streamed,
    });
    expect(res.status).toBe(207);
    expect(await res.text()).toContain('<D:getcontentlength>5</D:getcontentlength>');
  });

  it('answers MKCOL with a body 415 without reading it all, and makes no folder', async () => {
    expect(await sendBody(server, 'MKCOL', '/docs/with-body/', 5 * MB, { chunked: true })).toBe(
      415,
    );
    const small = await davFetch(server, 'MKCOL', '/docs/with-body-2/', { body: '<x/>' });
    expect(small.status).toBe(415);
    const listing = await propfind(server, '/docs/', '1');
    expect(hrefsOf(listing.text)).not.toContain('/dav/docs/with-body/');
    expect(hrefsOf(listing.text)).not.toContain('/dav/docs/with-body-2/');
    expect((await davFetch(server, 'MKCOL', '/docs/empty-body/')).status).toBe(201);
  });
});

describe('WebDAV PROPFIND depth 1 lockdiscovery from one query [local]', () => {
  const docs = serverWithDocs();
  let server: TestServer;
  beforeEach(() => {
    server = docs();
  });

  it('shows each entry its own locks and those it inherits, not its neighbours', async () => {
    expect((await davFetch(server, 'MKCOL', '/docs/tree/')).status).toBe(201);
    expect((await davFetch(server, 'MKCOL', '/docs/tree/sub/')).status).toBe(201);
    for (const name of ['a.txt', 'b.txt', 'sub/deep.txt']) {
      expect(await put(server, `/docs/tree/${name}`, name)).toBe(201);
    }
    const above = await lock(server, '/docs/', {
      depth: 'infinity',
      body: lockBody('shared', 'above'),
    });
    const onA = await lock(server, '/docs/tree/a.txt', { depth: '0', body: lockBody('shared') });
    const deep = await lock(server, '/docs/tree/sub/deep.txt', { body: lockBody('shared') });
    for (const taken of [above, onA, deep]) {
      expect(taken.status).toBe(200);
    }

    const listing = await propfind(server, '/docs/tree/', '1');
    expect(listing.status).toBe(207);
    const responses = new Map(
      listing.text
        .split('<D:response>')
        .slice(1)
        .map((part) => [hrefsOf(part)[0] ?? '', part]),
    );
    const tokensIn = (href: string) =>
      [above, onA, deep].filter((taken) => responses.get(href)?.includes(taken.token ?? '-'));
    expect(tokensIn('/dav/docs/tree/')).toEqual([above]);
    expect(tokensIn('/dav/docs/tree/a.txt')).toEqual([above, onA]);
    expect(tokensIn('/dav/docs/tree/b.txt')).toEqual([above]);
    expect(tokensIn('/dav/docs/tree/sub/')).toEqual([above]);

    expect(await unlock(server, '/docs/', above.token ?? '')).toBe(204);
    expect(await unlock(server, '/docs/tree/a.txt', onA.token ?? '')).toBe(204);
    expect(await unlock(server, '/docs/tree/sub/deep.txt', deep.token ?? '')).toBe(204);
  });

  it('streams a large folder in full, every member once', async () => {
    expect((await davFetch(server, 'MKCOL', '/docs/many/')).status).toBe(201);
    const names = Array.from({ length: 300 }, (_, i) => `f-${String(i).padStart(3, '0')}-é.txt`);
    for (const name of names) {
      expect(await put(server, `/docs/many/${encodeURIComponent(name)}`, 'x')).toBe(201);
    }
    const listing = await propfind(server, '/docs/many/', '1');
    expect(listing.status).toBe(207);
    expect(listing.text.endsWith('</D:multistatus>')).toBe(true);
    const hrefs = hrefsOf(listing.text);
    expect(hrefs).toHaveLength(names.length + 1);
    expect(new Set(hrefs.slice(1))).toEqual(new Set(names.map((name) => `/dav/docs/many/${name}`)));
  });
});
