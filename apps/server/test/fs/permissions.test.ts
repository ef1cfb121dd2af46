import type { FsListing } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { allCalls, everyCall, outcomesOf, readCalls, writeCalls } from './call-matrix';
import { bytes, downloaded, errorOf, fsCall, listedNames } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

eachStorage((target) => {
  describe(`fs API: basic paths, inactive mounts, places in no mount [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let team: TestMount;
    let off: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      team = await mountOn(server, admin, target, { mountPath: '/team' });
      await mountOn(server, admin, target, { mountPath: '/team-b' });
      await mountOn(server, admin, target, { mountPath: '/dept/docs' });
      off = await mountOn(server, admin, target, { mountPath: '/off', isActive: false });
      await team.driver.put('top.txt', bytes('top'));
      await team.driver.put('sub/mine.txt', bytes('mine'));
      await team.driver.put('sub-b/theirs.txt', bytes('theirs'));
      await off.driver.put('hidden.txt', bytes('hidden'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('shows a key above its basic_path only the way down to it', async () => {
      const key = await createMountKey(server, { basicPath: '/team/sub' });
      expect(await listedNames(key, '/')).toEqual(['team']);
      expect(await listedNames(key, '/team')).toEqual(['sub']);
      expect(await listedNames(key, '/team/sub')).toEqual(['mine.txt']);
      const above = await fsCall.get(key, '/team');
      expect(above.status).toBe(200);
      expect(above.body.data).toMatchObject({ isDirectory: true, isMount: true });
      expect((await fsCall.get(key, '/')).status).toBe(200);
    });

    it('lets a key change nothing above its basic_path, nor beside it', async () => {
      const key = await createMountKey(server, { basicPath: '/team/sub' });
      const calls = writeCalls('/team/sub/mine.txt');
      for (const path of ['/team', '/team/top.txt', '/team/new.txt', '/', '/team/sub-b']) {
        expect(await outcomesOf(calls, key, path), path).toEqual(
          everyCall(calls, [403, 'PATH_FORBIDDEN']),
        );
      }
      for (const path of ['/team/top.txt', '/team/sub-b/theirs.txt', '/team-b']) {
        expect(await outcomesOf(readCalls, key, path), path).toEqual(
          everyCall(readCalls, [403, 'PATH_FORBIDDEN']),
        );
      }
      expect(await listedNames(admin, '/team')).toEqual(['sub', 'sub-b', 'top.txt']);
      expect(await listedNames(admin, '/team/sub-b')).toEqual(['theirs.txt']);
      expect((await downloaded(key, '/team/sub/mine.txt')).toString()).toBe('mine');
    });

    it('does not show a key a file on the way to its basic_path', async () => {
      const key = await createMountKey(server, { basicPath: '/team/top.txt/inner' });
      expect(await outcomesOf(readCalls, key, '/team/top.txt')).toEqual(
        everyCall(readCalls, [403, 'PATH_FORBIDDEN']),
      );
      expect(await listedNames(key, '/team')).toEqual([]);
      expect(errorOf(await fsCall.list(key, '/team/top.txt/inner'))).toEqual([
        404,
        'PATH_NOT_FOUND',
      ]);
      const onAFile = await createMountKey(server, { basicPath: '/team/top.txt' });
      expect(await listedNames(onAFile, '/team')).toEqual(['top.txt']);
      expect((await downloaded(onAFile, '/team/top.txt')).toString()).toBe('top');
    });

    it('never lets a basic_path grant its prefix: /team/sub is not /team/sub-b', async () => {
      const key = await createMountKey(server, { basicPath: '/team/sub/' });
      const res = await fsCall.list(key, '/team/sub-b');
      expect(errorOf(res)).toEqual([403, 'PATH_FORBIDDEN']);
      expect(errorOf(await fsCall.update(key, '/team/sub-b/x.txt', 'x'))).toEqual([
        403,
        'PATH_FORBIDDEN',
      ]);
      expect((await fsCall.update(key, '/team/sub/x.txt', 'x')).status).toBe(200);
    });

    it('shows a key whose basic_path is a folder above mounts the mounts below it', async () => {
      const key = await createMountKey(server, { basicPath: '/dept' });
      expect(await listedNames(key, '/')).toEqual(['dept']);
      const dept = await fsCall.list(key, '/dept');
      expect(dept.body.data).toMatchObject({ isVirtual: true });
      expect(dept.body.data.items.map((item) => item.name)).toEqual(['docs']);
      expect((await fsCall.update(key, '/dept/docs/k.txt', 'k')).status).toBe(200);
      expect(errorOf(await fsCall.mkdir(key, '/dept/new'))).toEqual([404, 'PATH_NOT_FOUND']);
    });

    it('gives a key with basic_path / what the admin sees', async () => {
      const key = await createMountKey(server, { basicPath: '/' });
      const names = (client: ApiClient) =>
        client.get<FsListing>(`/api/${client === admin ? 'admin' : 'user'}/fs/list?path=%2F`);
      const [asKey, asAdmin] = await Promise.all([names(key), names(admin)]);
      expect(asKey.body.data.items).toEqual(asAdmin.body.data.items);
      expect(asKey.body.data.items.map((item) => item.name)).toEqual(['dept', 'team', 'team-b']);
    });

    it('keeps an inactive mount out of reach of every call (404), admin included', async () => {
      const key = await createMountKey(server, { basicPath: '/' });
      const offKey = await createMountKey(server, { basicPath: '/off' });
      const calls = allCalls('/off/hidden.txt');
      for (const client of [admin, key, offKey]) {
        for (const path of ['/off/hidden.txt', '/off', '/off/new']) {
          const outcomes = await outcomesOf(calls, client, path);
          for (const [call, [status, error]] of Object.entries(outcomes)) {
            // The mount point itself of a live mount would be refused as such (400 / 409);
            // an inactive one is simply not there.
            expect([call, path, status, error]).toEqual([call, path, 404, 'PATH_NOT_FOUND']);
          }
        }
      }
      expect(await listedNames(admin, '/')).not.toContain('off');
      expect((await off.driver.stat('hidden.txt'))?.size).toBe(6);
      expect(await off.driver.folderExists('new')).toBe(false);
    });

    it('answers 404 for a path in no mount for every call', async () => {
      const calls = allCalls('/team/top.txt');
      for (const path of ['/nowhere/a.txt', '/nowhere', '/dept/other/a.txt', '/teamx/a.txt']) {
        expect(await outcomesOf(calls, admin, path), path).toEqual(
          everyCall(calls, [404, 'PATH_NOT_FOUND']),
        );
      }
      expect((await downloaded(admin, '/team/top.txt')).toString()).toBe('top');
    });

    it('answers a key outside its basic_path 403 even where nothing exists', async () => {
      const key = await createMountKey(server, { basicPath: '/team' });
      const calls = allCalls('/team/top.txt');
      expect(await outcomesOf(calls, key, '/nowhere/a.txt')).toEqual(
        everyCall(calls, [403, 'PATH_FORBIDDEN']),
      );
    });
  });
});
