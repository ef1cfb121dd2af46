import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedNames } from '../fs/fs-support';
import type { ApiClient } from '../support/api-client';
import { driverOf, storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { bodyOf } from '../vfs/support';
import { createMount, mountKeyClient } from './support';

/**
 * POST admin/cache/clear and user/cache/clear (DESIGN §7 "Listing cache"): a listing
 * cached for the mount's cache_ttl shows a file written behind the product's back only
 * once the cache is cleared; a key clears the mounts it can see and no others.
 */
for (const target of storageTargets()) {
  describe(`cache/clear [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let configId: string;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      configId = (await target.createConfig(admin)).id;
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    /** A cached mount with an empty folder `dir`, listed once so the listing is cached. */
    async function cachedFolder(mountPath: string, dir: string) {
      await createMount(admin, configId, { mount_path: mountPath, cache_ttl: 3600 });
      const made = await admin.post('/api/admin/fs/mkdir', { path: `${mountPath}/${dir}` });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(await listedNames(admin, `${mountPath}/${dir}`)).toEqual([]);
    }

    /** Writes straight into the storage: the product does not know. */
    async function writeBehind(key: string) {
      await (await driverOf(server, configId)).put(key, bodyOf('behind'));
    }

    it('the admin’s clear shows what was written behind the product’s back', async () => {
      await cachedFolder('/shared', 'inbox');
      await writeBehind('inbox/behind.txt');
      expect(await listedNames(admin, '/shared/inbox')).toEqual([]);
      const res = await admin.post<{ cleared: number }>('/api/admin/cache/clear');
      expect(res.status).toBe(200);
      expect(res.body.data.cleared).toBeGreaterThanOrEqual(1);
      expect(await listedNames(admin, '/shared/inbox')).toEqual(['behind.txt']);
    });

    it('a key’s clear drops its own mounts’ listings and leaves the others cached', async () => {
      // Both mounts share one config, so each folder name is unique across them.
      await cachedFolder('/mine', 'mine-dir');
      await cachedFolder('/theirs', 'theirs-dir');
      const { client } = await mountKeyClient(admin, { basicPath: '/mine' });
      expect(await listedNames(client, '/mine/mine-dir')).toEqual([]);
      await writeBehind('mine-dir/new.txt');
      await writeBehind('theirs-dir/new.txt');
      const res = await client.post<{ cleared: number }>('/api/user/cache/clear');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ cleared: 1 });
      expect(await listedNames(client, '/mine/mine-dir')).toEqual(['new.txt']);
      expect(await listedNames(admin, '/theirs/theirs-dir')).toEqual([]);
      await admin.post('/api/admin/cache/clear');
      expect(await listedNames(admin, '/theirs/theirs-dir')).toEqual(['new.txt']);
    });
  });
}
