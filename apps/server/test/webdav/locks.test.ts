import { beforeEach, describe, expect, it } from 'vitest';
import { sweepOnce } from '@/sweeper';
import type { TestServer } from '../support/test-server';
import { davFetch, propfind } from './dav-support';
import { lock, put, serverWithDocs, unlock } from './locks-support';

describe('WebDAV locks [local]', () => {
  const docs = serverWithDocs();
  let server: TestServer;
  beforeEach(() => {
    server = docs();
  });

  it('locks a file: 423 on a PUT without the token, success with it, free after UNLOCK', async () => {
    expect(await put(server, '/docs/a.txt', 'one')).toBe(201);
    const taken = await lock(server, '/docs/a.txt', { timeout: 'Second-600' });
    expect(taken.status).toBe(200);
    expect(taken.token).toMatch(/^opaquelocktoken:[0-9a-f-]{36}$/);
    expect(taken.text).toContain(`<D:href>${taken.token}</D:href>`);
    expect(taken.text).toContain('<D:owner><href xmlns="DAV:">tester</href></D:owner>');
    expect(taken.text).toContain('<D:timeout>Second-600</D:timeout>');

    const refused = await davFetch(server, 'PUT', '/docs/a.txt', { body: 'two' });
    expect(refused.status).toBe(423);
    expect(await refused.text()).toContain('<D:lock-token-submitted><D:href>/dav/docs/a.txt');
    expect(await put(server, '/docs/a.txt', 'two', { If: `(<${taken.token}>)` })).toBe(204);
    expect((await davFetch(server, 'DELETE', '/docs/a.txt')).status).toBe(423);

    const found = await propfind(
      server,
      '/docs/a.txt',
      '0',
      '<D:propfind xmlns:D="DAV:"><D:prop><D:lockdiscovery/></D:prop></D:propfind>',
    );
    expect(found.text).toContain(`${taken.token}`);

    expect(await unlock(server, '/docs/a.txt', taken.token ?? '')).toBe(204);
    expect(await put(server, '/docs/a.txt', 'three')).toBe(204);
  });

  it('checks If headers: etags, Not, a wrong token, an untagged list for another file', async () => {
    await put(server, '/docs/if.txt', 'x');
    const head = await davFetch(server, 'HEAD', '/docs/if.txt');
    const etag = head.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect(await put(server, '/docs/if.txt', 'y', { If: `([${etag}])` })).toBe(204);
    // The etag changed with that write: the old one no longer matches.
    expect(await put(server, '/docs/if.txt', 'z', { If: `([${etag}])` })).toBe(412);
    expect(await put(server, '/docs/if.txt', 'z', { If: '(<DAV:no-lock>)' })).toBe(412);
    expect(await put(server, '/docs/if.txt', 'z', { If: '(Not <DAV:no-lock>)' })).toBe(204);
    expect(await put(server, '/docs/if.txt', 'z', { If: '(<broken' })).toBe(400);

    const taken = await lock(server, '/docs/if.txt');
    // A list that holds, but the lock's own token is not among them: still locked.
    const corrupt = `(<${taken.token}x>) (Not <DAV:no-lock>)`;
    expect(await put(server, '/docs/if.txt', 'z', { If: corrupt })).toBe(423);
    const tagged = `<${server.baseUrl}/dav/docs/if.txt> (<${taken.token}>)`;
    expect(await put(server, '/docs/if.txt', 'z', { If: tagged })).toBe(204);
    await unlock(server, '/docs/if.txt', taken.token ?? '');
  });

  it('lets shared locks share and keeps exclusive ones alone', async () => {
    await put(server, '/docs/shared.txt', 'x');
    const first = await lock(server, '/docs/shared.txt', { scope: 'shared' });
    const second = await lock(server, '/docs/shared.txt', { scope: 'shared' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.text).toContain(first.token);
    const exclusive = await lock(server, '/docs/shared.txt', { scope: 'exclusive' });
    expect(exclusive.status).toBe(423);
    expect(exclusive.text).toContain('no-conflicting-lock');
    // One shared token is enough to write.
    expect(await put(server, '/docs/shared.txt', 'y', { If: `(<${second.token}>)` })).toBe(204);
    await unlock(server, '/docs/shared.txt', first.token ?? '');
    await unlock(server, '/docs/shared.txt', second.token ?? '');

    const only = await lock(server, '/docs/shared.txt', { scope: 'exclusive' });
    expect(only.status).toBe(200);
    expect((await lock(server, '/docs/shared.txt', { scope: 'shared' })).status).toBe(423);
    await unlock(server, '/docs/shared.txt', only.token ?? '');
  });

  it('a depth-infinity lock on a folder covers its members, old and new', async () => {
    expect((await davFetch(server, 'MKCOL', '/docs/dir')).status).toBe(201);
    await put(server, '/docs/dir/in.txt', 'x');
    const taken = await lock(server, '/docs/dir', { depth: 'infinity' });
    expect(taken.status).toBe(200);
    expect(await put(server, '/docs/dir/in.txt', 'y')).toBe(423);
    expect(await put(server, '/docs/dir/new.txt', 'y')).toBe(423);
    expect((await lock(server, '/docs/dir/in.txt', { depth: '0' })).status).toBe(423);
    // Refreshed through a member, as clients do.
    const refreshed = await davFetch(server, 'LOCK', '/docs/dir/in.txt', {
      headers: { If: `(<${taken.token}>)`, Timeout: 'Second-100' },
    });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.text()).toContain('<D:timeout>Second-100</D:timeout>');
    const tagged = `<${server.baseUrl}/dav/docs/dir/> (<${taken.token}>)`;
    expect(await put(server, '/docs/dir/in.txt', 'y', { If: tagged })).toBe(204);
    expect(await unlock(server, '/docs/dir/in.txt', taken.token ?? '')).toBe(204);
    expect(await put(server, '/docs/dir/in.txt', 'z')).toBe(204);
  });

  it('a depth-infinity write over a folder is refused while a member is locked', async () => {
    await davFetch(server, 'MKCOL', '/docs/tree');
    await put(server, '/docs/tree/leaf.txt', 'x');
    const taken = await lock(server, '/docs/tree/leaf.txt', { depth: '0' });
    expect((await davFetch(server, 'DELETE', '/docs/tree')).status).toBe(423);
    expect((await lock(server, '/docs/tree', { depth: 'infinity' })).status).toBe(423);
    expect((await lock(server, '/docs/tree', { depth: '0' })).status).toBe(200);
    const both = `<${server.baseUrl}/dav/docs/tree/leaf.txt> (<${taken.token}>)`;
    const removed = await davFetch(server, 'DELETE', '/docs/tree', { headers: { If: both } });
    expect(removed.status).toBe(423);
  });

  it('creates an empty file when locking an unmapped URL, and 409 without a parent', async () => {
    const taken = await lock(server, '/docs/lock-null.txt');
    expect(taken.status).toBe(201);
    const got = await davFetch(server, 'GET', '/docs/lock-null.txt');
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('');
    expect((await lock(server, '/docs/missing/x.txt')).status).toBe(409);
  });

  it('answers 400 to bad XML and bad Depth, 409 to UNLOCK with a token that does not fit', async () => {
    await put(server, '/docs/u.txt', 'x');
    expect(
      (await lock(server, '/docs/u.txt', { body: '<D:lockinfo xmlns:D="DAV:">' })).status,
    ).toBe(400);
    expect((await lock(server, '/docs/u.txt', { depth: '1' })).status).toBe(400);
    expect(await unlock(server, '/docs/u.txt', 'opaquelocktoken:nothing')).toBe(409);
    await put(server, '/docs/v.txt', 'x');
    const taken = await lock(server, '/docs/v.txt');
    const wrong = await davFetch(server, 'UNLOCK', '/docs/u.txt', {
      headers: { 'Lock-Token': `<${taken.token}>` },
    });
    expect(wrong.status).toBe(409);
    expect(await wrong.text()).toContain('lock-token-matches-request-uri');
    expect((await davFetch(server, 'UNLOCK', '/docs/v.txt')).status).toBe(400);
  });

  it('locks expire with their timeout unless refreshed, and the sweeper removes them', async () => {
    await put(server, '/docs/t.txt', 'x');
    const taken = await lock(server, '/docs/t.txt', { timeout: 'Second-60' });
    server.clock.advance(50_000);
    const refreshed = await davFetch(server, 'LOCK', '/docs/t.txt', {
      headers: { If: `(<${taken.token}>)`, Timeout: 'Second-60' },
    });
    expect(refreshed.status).toBe(200);
    server.clock.advance(50_000);
    expect(await put(server, '/docs/t.txt', 'y')).toBe(423);
    server.clock.advance(11_000);
    expect(await put(server, '/docs/t.txt', 'y')).toBe(204);

    const rowsOf = () =>
      server.deps.db
        .selectFrom('dav_locks')
        .select('token')
        .where('root', '=', '/docs/t.txt')
        .execute();
    expect(await rowsOf()).toHaveLength(1);
    await sweepOnce(server.deps);
    expect(await rowsOf()).toEqual([]);
  });

  it('caps Infinite and huge timeouts at a day', async () => {
    await put(server, '/docs/inf.txt', 'x');
    const taken = await lock(server, '/docs/inf.txt', { timeout: 'Infinite, Second-4100000000' });
    expect(taken.text).toContain('<D:timeout>Second-86400</D:timeout>');
    await unlock(server, '/docs/inf.txt', taken.token ?? '');
  });

  it('DELETE and MOVE take the locks of what they removed with them', async () => {
    await put(server, '/docs/gone.txt', 'x');
    const taken = await lock(server, '/docs/gone.txt');
    const removed = await davFetch(server, 'DELETE', '/docs/gone.txt', {
      headers: { If: `(<${taken.token}>)` },
    });
    expect(removed.status).toBe(204);
    expect(await put(server, '/docs/gone.txt', 'again')).toBe(201);
    expect(await unlock(server, '/docs/gone.txt', taken.token ?? '')).toBe(409);
  });
});
