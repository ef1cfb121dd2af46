import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, fsCall, listedNames, listedSizes } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

/**
 * The listing cache seen through the API (DESIGN §7): a mount caches its listings for a
 * day here, yet every write through the API shows at once in its parent's listing, for
 * every caller; a change behind the product's back waits for the TTL.
 */
eachStorage((target) => {
  describe(`fs API: listings cached for cache_ttl, dropped by every write [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      docs = await mountOn(server, admin, target, { mountPath: '/docs', cacheTtl: 86_400 });
      // A second mount on the same storage config: it shows the same objects.
      await mountOn(server, admin, target, {
        mountPath: '/alias',
        configId: docs.configId,
        cacheTtl: 86_400,
      });
      await docs.driver.put('c/a.txt', bytes('a'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('serves the cached listing while storage changes behind the product’s back', async () => {
      expect(await listedNames(admin, '/docs/c')).toEqual(['a.txt']);
      await docs.driver.put('c/behind.txt', bytes('b'));
      expect(await listedNames(admin, '/docs/c')).toEqual(['a.txt']);
      server.clock.advance(86_401_000);
      expect(await listedNames(admin, '/docs/c')).toEqual(['a.txt', 'behind.txt']);
    });

    it('drops it on each write: update, mkdir, rename, remove, batch-remove', async () => {
      const key = await createMountKey(server, { basicPath: '/docs/c' });
      const seen = () => listedSizes(key, '/docs/c');
      expect(await seen()).toEqual({ 'a.txt': 1, 'behind.txt': 1 });
      await fsCall.update(admin, '/docs/c/a.txt', 'longer');
      expect(await seen()).toEqual({ 'a.txt': 6, 'behind.txt': 1 });
      await fsCall.mkdir(admin, '/docs/c/sub');
      expect(await seen()).toEqual({ sub: 0, 'a.txt': 6, 'behind.txt': 1 });
      await fsCall.rename(admin, '/docs/c/behind.txt', '/docs/c/sub/moved.txt');
      expect(await seen()).toEqual({ sub: 0, 'a.txt': 6 });
      expect(await listedNames(key, '/docs/c/sub')).toEqual(['moved.txt']);
      await fsCall.remove(admin, '/docs/c/sub/moved.txt');
      expect(await listedNames(key, '/docs/c/sub')).toEqual([]);
      await fsCall.batchRemove(admin, ['/docs/c/sub']);
      expect(await seen()).toEqual({ 'a.txt': 6 });
    });

    it('drops the listings of every mount on the same storage config', async () => {
      expect(await listedNames(admin, '/alias/c')).toEqual(['a.txt']);
      await fsCall.update(admin, '/docs/c/new.txt', 'n');
      expect(await listedNames(admin, '/alias/c')).toEqual(['a.txt', 'new.txt']);
      await fsCall.remove(admin, '/alias/c/new.txt');
      expect(await listedNames(admin, '/docs/c')).toEqual(['a.txt']);
    });
  });
});
