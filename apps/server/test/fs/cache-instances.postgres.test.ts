import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import {
  adminAuthorization,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { createPostgresDatabase, startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, fsCall, listedNames, listedSizes } from './fs-support';
import { eachStorage } from './uploads-support';

/**
 * Scale-out (DESIGN §1, §7): two instances on one PostgreSQL database, each with its own
 * listing cache in memory. A write through the API on one must show at once in the other's
 * listings, although the mount caches them for a day.
 */
eachStorage((target) => {
  describe(`fs listing cache across two instances [${target.name}]`, () => {
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let one: TestServer | undefined;
    let twoProcess: ServerProcess | undefined;
    let viaOne: ApiClient;
    let viaTwo: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      database = await createPostgresDatabase();
      one = await startTestServer({ DATABASE_URL: database.url });
      viaOne = await one.admin();
      mount = await mountOn(one, viaOne, target, { mountPath: '/shared', cacheTtl: 86_400 });
      await mount.driver.put('dir/a.txt', bytes('a'));
      // The same data folder, so a local storage config finds the same files.
      twoProcess = await startServerProcess({
        DATA_DIR: one.dataDir,
        DATABASE_URL: database.url,
      });
      viaTwo = new ApiClient(twoProcess.baseUrl, await adminAuthorization(twoProcess.baseUrl));
    }, SWIFT_HOOK_TIMEOUT_MS + 60_000);
    afterAll(async () => {
      await twoProcess?.stop();
      await one?.close();
      await database?.drop();
    });

    it('serves its cached listing while the storage changes behind the product’s back', async () => {
      expect(await listedNames(viaTwo, '/shared/dir')).toEqual(['a.txt']);
      expect(await listedNames(viaOne, '/shared/dir')).toEqual(['a.txt']);
      await mount.driver.put('dir/behind.txt', bytes('behind'));
      expect(await listedNames(viaTwo, '/shared/dir')).toEqual(['a.txt']);
      expect(await listedNames(viaOne, '/shared/dir')).toEqual(['a.txt']);
    });

    it('shows a write through the other instance at once', async () => {
      expect((await fsCall.update(viaOne, '/shared/dir/b.txt', 'bee')).status).toBe(200);
      expect(await listedSizes(viaTwo, '/shared/dir')).toEqual({
        'a.txt': 1,
        'b.txt': 3,
        'behind.txt': 6,
      });
      expect((await fsCall.update(viaOne, '/shared/dir/b.txt', 'bumblebee')).status).toBe(200);
      expect((await listedSizes(viaTwo, '/shared/dir'))['b.txt']).toBe(9);
    });

    it('shows mkdir, rename and remove of either instance in the other', async () => {
      expect((await fsCall.mkdir(viaTwo, '/shared/dir/sub')).status).toBe(200);
      expect(await listedNames(viaOne, '/shared/dir')).toEqual([
        'sub',
        'a.txt',
        'b.txt',
        'behind.txt',
      ]);
      expect(
        (await fsCall.rename(viaOne, '/shared/dir/a.txt', '/shared/dir/sub/a.txt')).status,
      ).toBe(200);
      expect(await listedNames(viaTwo, '/shared/dir')).toEqual(['sub', 'b.txt', 'behind.txt']);
      expect(await listedNames(viaTwo, '/shared/dir/sub')).toEqual(['a.txt']);
      expect((await fsCall.remove(viaTwo, '/shared/dir/sub')).status).toBe(200);
      expect(await listedNames(viaOne, '/shared/dir')).toEqual(['b.txt', 'behind.txt']);
      const batch = await fsCall.batchRemove(viaOne, ['/shared/dir/b.txt']);
      expect(batch.body.data.success).toBe(1);
      expect(await listedNames(viaTwo, '/shared/dir')).toEqual(['behind.txt']);
    });
  });
});
