import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { davMount } from './clients-support';
import { ADMIN_BASIC, davFetch } from './dav-support';
import { lock } from './locks-support';

/**
 * Issue 30: every WebDAV error says why (cadaver read a bare 403 as "not WebDAV-enabled?"):
 * the RFC 4918 §16 `DAV:error` with its precondition where one applies, else a line of
 * text. And a request URI with a fragment is refused, never taken for the URI without it
 * (litmus's delete_fragment: `DELETE /coll/#ment` removed the collection).
 */

/** Status, content type and body of an answer, for one-line assertions. */
async function answerOf(res: Response) {
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: await res.text(),
  };
}

/** A request sent as written: fetch() drops a URL's fragment, a raw request line does not. */
function rawRequest(server: TestServer, method: string, target: string) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      { hostname, port, method, path: target, headers: { Authorization: ADMIN_BASIC } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const local = storageTargets().find((target) => target.name === 'local');

describe('WebDAV error bodies and fragments', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    if (!local) {
      throw new Error('no local storage target');
    }
    server = await startTestServer();
    admin = await server.admin();
    await davMount(admin, local, '/errs');
    // A storage of 1 KB, so a larger PUT meets the capacity ledger's refusal.
    const full = await davMount(admin, local, '/full');
    const capped = await admin.put(`/api/s3-configs/${full.storage_config_id}`, {
      total_storage_bytes: 1024,
    });
    expect(capped.status).toBe(200);
  });
  afterAll(() => server.close());

  it('a 404 says what was not found', async () => {
    const answer = await answerOf(await davFetch(server, 'GET', '/errs/missing.txt'));
    expect(answer).toMatchObject({ status: 404, type: expect.stringContaining('text/plain') });
    expect(answer.body).toContain('/errs/missing.txt');
  });

  it('a 403 says why (a mount point is configured, not deleted)', async () => {
    const answer = await answerOf(await davFetch(server, 'DELETE', '/errs/'));
    expect(answer.status).toBe(403);
    expect(answer.body.trim()).not.toBe('');
  });

  it('a 409 says the parent collection is missing', async () => {
    const answer = await answerOf(await davFetch(server, 'MKCOL', '/errs/no/such/parent/'));
    expect(answer.status).toBe(409);
    expect(answer.body).toContain('parent');
  });

  it('a 423 carries the DAV:error with lock-token-submitted and the locked href', async () => {
    expect((await davFetch(server, 'PUT', '/errs/locked.txt', { body: 'a' })).status).toBe(201);
    expect((await lock(server, '/errs/locked.txt')).status).toBe(200);
    const answer = await answerOf(await davFetch(server, 'PUT', '/errs/locked.txt', { body: 'b' }));
    expect(answer).toMatchObject({ status: 423, type: expect.stringContaining('xml') });
    expect(answer.body).toMatch(/<D:error xmlns:D="DAV:"><D:lock-token-submitted><D:href>/);
  });

  it('a 507 says the storage is full', async () => {
    const answer = await answerOf(
      await davFetch(server, 'PUT', '/full/big.bin', { body: Buffer.alloc(4096, 1) }),
    );
    expect(answer.status).toBe(507);
    expect(answer.body.trim()).not.toBe('');
  });

  it('a 405, a 412 and a 416 of a handler that returned no body get their reason', async () => {
    expect((await davFetch(server, 'PUT', '/errs/r.txt', { body: 'abc' })).status).toBe(201);
    const unknown = await answerOf(await davFetch(server, 'PATCH', '/errs/r.txt'));
    expect(unknown).toMatchObject({ status: 405, body: expect.stringContaining('PATCH') });
    const stale = await answerOf(
      await davFetch(server, 'GET', '/errs/r.txt', { headers: { 'If-Match': '"nope"' } }),
    );
    expect(stale).toMatchObject({ status: 412, body: 'Precondition failed\n' });
    const beyond = await answerOf(
      await davFetch(server, 'GET', '/errs/r.txt', { headers: { Range: 'bytes=10-20' } }),
    );
    expect(beyond).toMatchObject({ status: 416, body: 'Range not satisfiable\n' });
  });

  it('a DELETE of a collection URL with a fragment is refused and removes nothing', async () => {
    expect((await davFetch(server, 'MKCOL', '/errs/frag/')).status).toBe(201);
    for (const target of ['/dav/errs/frag/#ment', '/dav/errs/frag/#']) {
      const answer = await rawRequest(server, 'DELETE', target);
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).toContain('fragment');
    }
    expect(
      (await davFetch(server, 'PROPFIND', '/errs/frag/', { headers: { Depth: '0' } })).status,
    ).toBe(207);
    expect((await davFetch(server, 'DELETE', '/errs/frag/')).status).toBe(204);
  });

  it('a Destination with a fragment is refused', async () => {
    expect((await davFetch(server, 'PUT', '/errs/src.txt', { body: 'x' })).status).toBe(201);
    const res = await davFetch(server, 'COPY', '/errs/src.txt', {
      headers: { Destination: `${server.baseUrl}/dav/errs/dst.txt#frag` },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('fragment');
    expect((await davFetch(server, 'GET', '/errs/dst.txt')).status).toBe(404);
  });
});
