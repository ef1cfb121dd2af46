import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { davFetch } from './dav-support';
import { lock, put, unlock } from './locks-support';

const local = storageTargets().find((target) => target.name === 'local');

/**
 * Locks and dead properties live in the database (issue 10): two instances on one database
 * and one data folder see each other's locks at once.
 */
describe('WebDAV locks across two instances on one database [local]', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    if (!local) {
      throw new Error('the local target is expected');
    }
    first = await startTestServer();
    await mountOn(first, await first.admin(), local, { mountPath: '/docs' });
    second = await startTestServer({
      DATA_DIR: first.dataDir,
      ...(first.deps.config.DATABASE_URL ? { DATABASE_URL: first.deps.config.DATABASE_URL } : {}),
    });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('a lock taken on one instance holds on the other, and is released there', async () => {
    expect(await put(first, '/docs/shared.txt', 'x')).toBe(201);
    const taken = await lock(first, '/docs/shared.txt');
    expect(taken.status).toBe(200);
    expect(await put(second, '/docs/shared.txt', 'y')).toBe(423);
    expect((await lock(second, '/docs/shared.txt')).status).toBe(423);
    expect(await put(second, '/docs/shared.txt', 'y', { If: `(<${taken.token}>)` })).toBe(204);
    expect(await unlock(second, '/docs/shared.txt', taken.token ?? '')).toBe(204);
    expect(await put(first, '/docs/shared.txt', 'z')).toBe(204);
  });

  it('a property set on one instance is read on the other', async () => {
    await put(first, '/docs/p.txt', 'x');
    const res = await davFetch(first, 'PROPPATCH', '/docs/p.txt', {
      body: '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><n:k xmlns:n="urn:x">v1</n:k></D:prop></D:set></D:propertyupdate>',
    });
    expect(res.status).toBe(207);
    const found = await davFetch(second, 'PROPFIND', '/docs/p.txt', {
      headers: { Depth: '0' },
      body: '<D:propfind xmlns:D="DAV:"><D:prop><n:k xmlns:n="urn:x"/></D:prop></D:propfind>',
    });
    expect(await found.text()).toContain('>v1<');
  });
});
