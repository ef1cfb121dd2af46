import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import type { DavLockItem, DavLockReleaseResult } from '@pastebox/contract/schemas/dav-lock';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepOnce } from '@/sweeper';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { ADMIN_BASIC, basic, davFetch } from './dav-support';
import { lockBody, put, serverWithDocs } from './locks-support';

/**
 * Issue 29: a confined key cannot lock or annotate the folders above its basic_path (the
 * way down is for listing), the admin can always remove a lock, and a key's locks go with
 * the key (deleted, without mount permission, moved elsewhere, expired).
 */

const PROPPATCH =
  '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z">' +
  '<D:set><D:prop><Z:note>x</Z:note></D:prop></D:set></D:propertyupdate>';

interface Key {
  item: ApiKeyItem;
  auth: string;
}

async function mountKey(admin: ApiClient, basicPath: string): Promise<Key> {
  const item = await createKey(admin, { mount_permission: true, basic_path: basicPath });
  return { item, auth: basic(item.key, item.key) };
}

async function lockAs(
  server: TestServer,
  auth: string,
  path: string,
  depth = 'infinity',
): Promise<{ status: number; token: string }> {
  const res = await davFetch(server, 'LOCK', path, {
    auth,
    headers: { 'Content-Type': 'application/xml', Depth: depth, Timeout: 'Infinite' },
    body: lockBody('exclusive'),
  });
  await res.text();
  return { status: res.status, token: res.headers.get('lock-token')?.slice(1, -1) ?? '' };
}

async function locksListed(admin: ApiClient): Promise<DavLockItem[]> {
  const res = await admin.get<DavLockItem[]>('/api/admin/dav/locks');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function tokensOf(admin: ApiClient): Promise<string[]> {
  return (await locksListed(admin)).map((lock) => lock.token);
}

describe('WebDAV lock trust [local]', () => {
  const docs = serverWithDocs();
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = docs();
    admin = await server.admin();
    expect((await davFetch(server, 'MKCOL', '/docs/k')).status).toBe(201);
  });

  it('refuses a confined key LOCK and PROPPATCH above its basic_path (403), and admits them inside', async () => {
    const key = await mountKey(admin, '/docs/k');
    // The way down is still listed.
    expect(
      (await davFetch(server, 'PROPFIND', '/', { auth: key.auth, headers: { Depth: '1' } })).status,
    ).toBe(207);
    expect((await lockAs(server, key.auth, '/')).status).toBe(403);
    expect((await lockAs(server, key.auth, '/docs')).status).toBe(403);
    expect((await lockAs(server, key.auth, '/docs/', '0')).status).toBe(403);
    // A lock-null URL outside the basic_path neither locks nor creates anything.
    expect((await lockAs(server, key.auth, '/docs/null.txt')).status).toBe(403);
    expect((await davFetch(server, 'HEAD', '/docs/null.txt')).status).toBe(404);
    for (const path of ['/', '/docs']) {
      const res = await davFetch(server, 'PROPPATCH', path, { auth: key.auth, body: PROPPATCH });
      expect(res.status, path).toBe(403);
    }
    expect(await tokensOf(admin)).toEqual([]);
    // The admin still writes everywhere.
    expect(await put(server, '/docs/free.txt', 'x')).toBe(201);

    const inside = await lockAs(server, key.auth, '/docs/k/own.txt');
    expect(inside.status).toBe(201);
    const patched = await davFetch(server, 'PROPPATCH', '/docs/k/own.txt', {
      auth: key.auth,
      headers: { If: `(<${inside.token}>)` },
      body: PROPPATCH,
    });
    expect(patched.status).toBe(207);
    await davFetch(server, 'UNLOCK', '/docs/k/own.txt', {
      auth: key.auth,
      headers: { 'Lock-Token': `<${inside.token}>` },
    });
  });

  it('lets the admin UNLOCK a key’s lock with its token; another key gets 403', async () => {
    const key = await mountKey(admin, '/docs/k');
    const other = await mountKey(admin, '/docs/k');
    const taken = await lockAs(server, key.auth, '/docs/k');
    expect(taken.status).toBe(200);
    expect(await put(server, '/docs/k/blocked.txt', 'x')).toBe(423);
    const unlockAs = (auth: string) =>
      davFetch(server, 'UNLOCK', '/docs/k', {
        auth,
        headers: { 'Lock-Token': `<${taken.token}>` },
      });
    expect((await unlockAs(other.auth)).status).toBe(403);
    expect((await unlockAs(ADMIN_BASIC)).status).toBe(204);
    expect(await put(server, '/docs/k/blocked.txt', 'x')).toBe(201);
  });

  it('lists every active lock with its holder and releases one by token or by path', async () => {
    const key = await mountKey(admin, '/docs/k');
    const keyLock = await lockAs(server, key.auth, '/docs/k/listed.txt', '0');
    const adminLock = await lockAs(server, ADMIN_BASIC, '/docs/admin.txt');
    expect([keyLock.status, adminLock.status]).toEqual([201, 201]);

    const listed = await locksListed(admin);
    const byToken = new Map(listed.map((lock) => [lock.token, lock]));
    expect(byToken.get(keyLock.token)).toMatchObject({
      root: '/docs/k/listed.txt',
      scope: 'exclusive',
      depth: '0',
      owner: { kind: 'key', key_id: key.item.id, key_name: key.item.name },
      owner_xml: '<href xmlns="DAV:">tester</href>',
    });
    expect(byToken.get(adminLock.token)).toMatchObject({
      root: '/docs/admin.txt',
      depth: 'infinity',
      owner: { kind: 'admin', key_id: null, key_name: null },
    });
    const lock = byToken.get(keyLock.token);
    expect(Date.parse(lock?.expires_at ?? '')).toBeGreaterThan(Date.parse(lock?.created_at ?? ''));

    // A key is not the admin.
    const keyClient = admin.withApiKey(key.item.key);
    expect((await keyClient.get('/api/admin/dav/locks')).status).toBe(403);
    expect(
      (await keyClient.delete(`/api/admin/dav/locks/${encodeURIComponent(keyLock.token)}`)).status,
    ).toBe(403);

    const released = await admin.delete(
      `/api/admin/dav/locks/${encodeURIComponent(keyLock.token)}`,
    );
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const again = await admin.delete(`/api/admin/dav/locks/${encodeURIComponent(keyLock.token)}`);
    expect([again.status, again.body.error]).toEqual([404, 'DAV_LOCK_NOT_FOUND']);
    expect(await tokensOf(admin)).toEqual([adminLock.token]);

    const byPath = await admin.delete<DavLockReleaseResult>(
      `/api/admin/dav/locks?path=${encodeURIComponent('/docs')}`,
    );
    expect([byPath.status, byPath.body.data]).toEqual([200, { released: 1 }]);
    expect(await tokensOf(admin)).toEqual([]);
    const invalid = await admin.delete(
      `/api/admin/dav/locks?path=${encodeURIComponent('/a/../b')}`,
    );
    expect([invalid.status, invalid.body.error]).toEqual([400, 'PATH_INVALID']);
    // The key's client learns its lock is gone: its token no longer holds.
    const stale = await davFetch(server, 'PUT', '/docs/k/listed.txt', {
      auth: key.auth,
      headers: { If: `(<${keyLock.token}>)` },
      body: 'y',
    });
    expect(stale.status).toBe(412);
  });

  it('drops a key’s locks when it is deleted, loses mount permission, moves or expires', async () => {
    const deleted = await mountKey(admin, '/docs/k');
    const revoked = await mountKey(admin, '/docs/k');
    const moved = await mountKey(admin, '/docs/k');
    const expiring = await mountKey(admin, '/docs/k');
    const kept = await mountKey(admin, '/docs/k');
    const locks = {
      deleted: await lockAs(server, deleted.auth, '/docs/k/d.txt'),
      revoked: await lockAs(server, revoked.auth, '/docs/k/r.txt'),
      moved: await lockAs(server, moved.auth, '/docs/k/m.txt'),
      expiring: await lockAs(server, expiring.auth, '/docs/k/e.txt'),
      kept: await lockAs(server, kept.auth, '/docs/k/kept.txt'),
    };
    expect(Object.values(locks).map((lock) => lock.status)).toEqual([201, 201, 201, 201, 201]);

    expect((await admin.delete(`/api/admin/api-keys/${deleted.item.id}`)).status).toBe(200);
    expect(await put(server, '/docs/k/d.txt', 'admin')).toBe(204);

    const update = (key: Key, body: object) =>
      admin.put(`/api/admin/api-keys/${key.item.id}`, body);
    expect((await update(revoked, { mount_permission: false })).status).toBe(200);
    expect(await put(server, '/docs/k/r.txt', 'admin')).toBe(204);

    // Narrowed to a path that still holds its lock: kept; moved elsewhere: dropped.
    expect((await update(moved, { basic_path: '/docs/k/' })).status).toBe(200);
    expect((await tokensOf(admin)).includes(locks.moved.token)).toBe(true);
    expect((await update(moved, { basic_path: '/docs/k/sub' })).status).toBe(200);
    expect(await put(server, '/docs/k/m.txt', 'admin')).toBe(204);

    const soon = new Date(server.clock.now().getTime() + 60_000).toISOString();
    expect((await update(expiring, { expires_at: soon })).status).toBe(200);
    server.clock.advance(120_000);
    await sweepOnce(server.deps);
    expect(await put(server, '/docs/k/e.txt', 'admin')).toBe(204);

    expect(await tokensOf(admin)).toEqual([locks.kept.token]);
    expect(await put(server, '/docs/k/kept.txt', 'admin')).toBe(423);
    await admin.delete(`/api/admin/dav/locks/${encodeURIComponent(locks.kept.token)}`);
  });
});
