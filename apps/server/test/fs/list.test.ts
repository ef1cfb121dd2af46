import type { FsListing } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, fsUrl, listedNames } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

eachStorage((target) => {
  describe(`GET fs/list [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      docs = await mountOn(server, admin, target, { mountPath: '/team/docs', sortOrder: 1 });
      const shared = { configId: docs.configId };
      await mountOn(server, admin, target, { ...shared, mountPath: '/photos', sortOrder: 0 });
      await mountOn(server, admin, target, { ...shared, mountPath: '/team-b', sortOrder: 2 });
      await mountOn(server, admin, target, { ...shared, mountPath: '/off', isActive: false });
      await docs.driver.put('plan.txt', bytes('plan'));
      await docs.driver.put('specs/a.md', bytes('# A'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('lists the mounts at / in sort order, as folders; inactive ones not at all', async () => {
      const res = await admin.get<FsListing>(fsUrl(admin, 'list', { path: '/' }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        path: '/',
        isRoot: true,
        isVirtual: true,
        mount_id: null,
      });
      expect(
        res.body.data.items.map((item) => [item.name, item.isMount, item.isDirectory]),
      ).toEqual([
        ['photos', true, true],
        ['team', false, true],
        ['team-b', true, true],
      ]);
      expect(await listedNames(admin, '/team')).toEqual(['docs']);
    });

    it('lists a folder of a mount: entries with path, size, modified, mimetype, etag', async () => {
      const res = await admin.get<FsListing>(fsUrl(admin, 'list', { path: '/team/docs' }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ isRoot: false, isVirtual: false, mount_id: docs.id });
      const [specs, plan] = res.body.data.items;
      expect(specs).toMatchObject({
        name: 'specs',
        path: '/team/docs/specs',
        isDirectory: true,
        size: 0,
        mimetype: null,
        isMount: false,
        mount_id: docs.id,
      });
      expect(plan).toMatchObject({
        name: 'plan.txt',
        path: '/team/docs/plan.txt',
        isDirectory: false,
        size: 4,
        mimetype: 'text/plain',
        mount_id: docs.id,
      });
      expect(plan?.etag).toBeTruthy();
      expect(Date.parse(plan?.modified ?? '')).not.toBeNaN();
    });

    it('accepts a trailing slash and repeated slashes', async () => {
      expect(await listedNames(admin, '//team//docs/')).toEqual(['specs', 'plan.txt']);
    });

    it('answers 404 for a folder that does not exist, a path in no mount, an inactive mount', async () => {
      for (const path of ['/team/docs/none', '/nowhere', '/off', '/team/other']) {
        const res = await admin.get(fsUrl(admin, 'list', { path }));
        expect(res.status, path).toBe(404);
        expect(res.body.error).toBe('PATH_NOT_FOUND');
      }
    });

    it('answers 400 NOT_A_FOLDER for a file', async () => {
      const res = await admin.get(fsUrl(admin, 'list', { path: '/team/docs/plan.txt' }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('NOT_A_FOLDER');
    });

    it('shows a change at once although the mount caches listings for 300 s', async () => {
      expect(await listedNames(admin, '/team/docs/specs')).toEqual(['a.md']);
      const made = await admin.post(fsUrl(admin, 'mkdir'), { path: '/team/docs/specs/new' });
      expect(made.status).toBe(200);
      expect(await listedNames(admin, '/team/docs/specs')).toEqual(['new', 'a.md']);
    });

    it('lets a key list at or under its basic_path, and only the way down above it', async () => {
      const key = await createMountKey(server, { basicPath: '/team/docs' });
      expect(await listedNames(key, '/')).toEqual(['team']);
      expect(await listedNames(key, '/team')).toEqual(['docs']);
      expect(await listedNames(key, '/team/docs')).toEqual(['specs', 'plan.txt']);
      const other = await key.get(fsUrl(key, 'list', { path: '/team-b' }));
      expect(other.status).toBe(403);
      expect(other.body.error).toBe('PATH_FORBIDDEN');
    });

    it('keeps a key with basic_path /team out of /team-b', async () => {
      const key = await createMountKey(server, { basicPath: '/team' });
      expect(await listedNames(key, '/')).toEqual(['team']);
      const res = await key.get(fsUrl(key, 'list', { path: '/team-b' }));
      expect(res.status).toBe(403);
    });

    it('needs the mount permission and the right family', async () => {
      const noMount = await createMountKey(server, { mount: false });
      const refused = await noMount.get(fsUrl(noMount, 'list', { path: '/' }));
      expect(refused.status).toBe(403);
      const anonymous = await server.anon.get('/api/user/fs/list?path=%2F');
      expect(anonymous.status).toBe(401);
      const adminInKeyFamily = await admin.get('/api/user/fs/list?path=%2F');
      expect(adminInKeyFamily.status).toBe(403);
      const key = await createMountKey(server);
      expect((await key.get('/api/admin/fs/list?path=%2F')).status).toBe(403);
    });

    it.each([
      ['/team/docs/../../team-b', 'dot segments'],
      ['/team/docs/%2e%2e/%2e%2e/team-b', 'dot segments encoded twice'],
      ['/team\\docs', 'a backslash'],
      ['/team/docs/\u0000', 'NUL'],
      ['team/docs', 'a relative path'],
    ])('answers 400 for %j (%s)', async (path) => {
      const res = await admin.get(fsUrl(admin, 'list', { path }));
      expect(res.status).toBe(400);
      expect(['PATH_INVALID', 'VALIDATION_FAILED']).toContain(res.body.error);
    });
  });
});
