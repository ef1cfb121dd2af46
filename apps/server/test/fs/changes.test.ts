import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, errorOf, fsCall, listedNames } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

/** mkdir, remove and batch-remove over HTTP, on each storage (update: update.test.ts). */
eachStorage((target) => {
  describe(`POST fs/mkdir, DELETE fs/remove, POST fs/batch-remove [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      docs = await mountOn(server, admin, target, { mountPath: '/docs', cacheTtl: 3600 });
      await mountOn(server, admin, target, { mountPath: '/team/a' });
      await mountOn(server, admin, target, { mountPath: '/off', isActive: false });
      await docs.driver.put('file.txt', bytes('a file'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    describe('mkdir', () => {
      it('creates a folder that the (cached) listing of its parent shows at once', async () => {
        expect(await listedNames(admin, '/docs')).not.toContain('made');
        const res = await fsCall.mkdir(admin, '/docs/made');
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({
          name: 'made',
          path: '/docs/made',
          isDirectory: true,
          size: 0,
          mimetype: null,
          isMount: false,
          mount_id: docs.id,
        });
        expect(await listedNames(admin, '/docs')).toContain('made');
        expect(await listedNames(admin, '/docs/made')).toEqual([]);
        expect((await fsCall.get(admin, '/docs/made')).body.data.isDirectory).toBe(true);
      });

      it('creates the missing parents too, and takes a trailing slash', async () => {
        expect((await fsCall.mkdir(admin, '/docs/p/q/r/')).status).toBe(200);
        expect(await listedNames(admin, '/docs/p')).toEqual(['q']);
        expect(await listedNames(admin, '/docs/p/q')).toEqual(['r']);
      });

      it('answers 409 PATH_EXISTS for a folder or a file of that name', async () => {
        await fsCall.mkdir(admin, '/docs/twice');
        expect(errorOf(await fsCall.mkdir(admin, '/docs/twice'))).toEqual([409, 'PATH_EXISTS']);
        expect(errorOf(await fsCall.mkdir(admin, '/docs/file.txt'))).toEqual([409, 'PATH_EXISTS']);
      });

      it('answers 400 NOT_A_FOLDER inside a file, however deep, and creates nothing', async () => {
        for (const path of ['/docs/file.txt/sub', '/docs/file.txt/a/b']) {
          expect(errorOf(await fsCall.mkdir(admin, path)), path).toEqual([400, 'NOT_A_FOLDER']);
        }
        const file = await fsCall.get(admin, '/docs/file.txt');
        expect(file.body.data).toMatchObject({ isDirectory: false, size: 6 });
        expect(await listedNames(admin, '/docs')).toEqual(
          expect.not.arrayContaining(['sub', 'a', 'b']),
        );
        expect((await docs.driver.list('file.txt/', { delimiter: '/' })).objects).toEqual([]);
      });

      it('refuses a mount point and the folders above the mounts (they exist)', async () => {
        for (const path of ['/docs', '/team/a', '/team', '/']) {
          expect(errorOf(await fsCall.mkdir(admin, path)), path).toEqual([409, 'PATH_EXISTS']);
        }
      });

      it('answers 404 for a path in no mount or in an inactive mount', async () => {
        for (const path of ['/nowhere/x', '/team/b', '/team/b/c', '/new-top', '/off/x']) {
          expect(errorOf(await fsCall.mkdir(admin, path)), path).toEqual([404, 'PATH_NOT_FOUND']);
        }
        expect(await listedNames(admin, '/')).toEqual(['docs', 'team']);
      });

      it('answers 400 for a bad path or body', async () => {
        expect(errorOf(await fsCall.mkdir(admin, '/docs/../x'))).toEqual([400, 'PATH_INVALID']);
        expect(errorOf(await fsCall.mkdir(admin, 'docs/x'))).toEqual([400, 'PATH_INVALID']);
        const empty = await admin.post('/api/admin/fs/mkdir', {});
        expect(errorOf(empty)).toEqual([400, 'VALIDATION_FAILED']);
      });
    });

    describe('remove', () => {
      it('removes a file; its folder stays, and the cached listing shows it gone', async () => {
        await docs.driver.put('rm/one.txt', bytes('1'));
        expect(await listedNames(admin, '/docs/rm')).toEqual(['one.txt']);
        const res = await fsCall.remove(admin, '/docs/rm/one.txt');
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ path: '/docs/rm/one.txt' });
        expect(await listedNames(admin, '/docs/rm')).toEqual([]);
        expect(errorOf(await fsCall.get(admin, '/docs/rm/one.txt'))).toEqual([
          404,
          'PATH_NOT_FOUND',
        ]);
      });

      it('removes a folder with everything in it, in storage too', async () => {
        await docs.driver.put('tree/a.txt', bytes('a'));
        await docs.driver.put('tree/sub/b.txt', bytes('b'));
        await docs.driver.put('tree/sub/deeper/c.txt', bytes('c'));
        await docs.driver.createFolder('tree/empty');
        expect(await listedNames(admin, '/docs')).toContain('tree');
        const res = await fsCall.remove(admin, '/docs/tree/');
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ path: '/docs/tree' });
        expect(await listedNames(admin, '/docs')).not.toContain('tree');
        expect(errorOf(await fsCall.get(admin, '/docs/tree'))).toEqual([404, 'PATH_NOT_FOUND']);
        const left = await docs.driver.list('tree/', {});
        expect([...left.objects.map((o) => o.key), ...left.prefixes]).toEqual([]);
        expect(await docs.driver.folderExists('tree')).toBe(false);
      });

      it('answers 404 for nothing there, a second time, outside the mounts', async () => {
        await docs.driver.put('gone.txt', bytes('g'));
        expect((await fsCall.remove(admin, '/docs/gone.txt')).status).toBe(200);
        for (const path of ['/docs/gone.txt', '/docs/never', '/nowhere/x', '/off/x', '/team/b']) {
          expect(errorOf(await fsCall.remove(admin, path)), path).toEqual([404, 'PATH_NOT_FOUND']);
        }
      });

      it('refuses a mount point, the folders above mounts and the root (400)', async () => {
        for (const path of ['/docs', '/team/a', '/team', '/']) {
          const res = await fsCall.remove(admin, path);
          expect(errorOf(res), path).toEqual([400, 'PATH_OUTSIDE_MOUNT']);
        }
        expect(await listedNames(admin, '/docs')).toContain('file.txt');
      });

      it('answers 400 for a bad path, and needs the path', async () => {
        expect(errorOf(await fsCall.remove(admin, '/docs/a\\b'))).toEqual([400, 'PATH_INVALID']);
        const none = await admin.delete('/api/admin/fs/remove');
        expect(errorOf(none)).toEqual([400, 'VALIDATION_FAILED']);
      });
    });

    describe('batch-remove', () => {
      it('removes what it can and reports every failure with its key', async () => {
        await docs.driver.put('batch/one.txt', bytes('1'));
        await docs.driver.put('batch/dir/two.txt', bytes('2'));
        await docs.driver.put('batch/keep.txt', bytes('k'));
        expect(await listedNames(admin, '/docs/batch')).toEqual(['dir', 'keep.txt', 'one.txt']);
        const paths = [
          '/docs/batch/missing.txt',
          '/docs/batch/one.txt',
          '/docs',
          '/docs/../etc',
          '/docs/batch/dir',
          '/nowhere/x',
        ];
        const res = await fsCall.batchRemove(admin, paths);
        expect(res.status).toBe(200);
        expect(res.body.data.success).toBe(2);
        expect(res.body.data.failed.map((f) => [f.path, f.error])).toEqual([
          ['/docs/batch/missing.txt', 'PATH_NOT_FOUND'],
          ['/docs', 'PATH_OUTSIDE_MOUNT'],
          ['/docs/../etc', 'PATH_INVALID'],
          ['/nowhere/x', 'PATH_NOT_FOUND'],
        ]);
        for (const failure of res.body.data.failed) {
          expect(failure.message).not.toBe('');
        }
        expect(await listedNames(admin, '/docs/batch')).toEqual(['keep.txt']);
      });

      it('fails the paths outside a key’s basic_path and removes the ones inside', async () => {
        await docs.driver.put('k/mine.txt', bytes('m'));
        await docs.driver.put('not-k/theirs.txt', bytes('t'));
        const key = await createMountKey(server, { basicPath: '/docs/k' });
        const res = await fsCall.batchRemove(key, ['/docs/not-k/theirs.txt', '/docs/k/mine.txt']);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({
          success: 1,
          failed: [{ path: '/docs/not-k/theirs.txt', error: 'PATH_FORBIDDEN' }],
        });
        expect(await listedNames(admin, '/docs/not-k')).toEqual(['theirs.txt']);
        expect(await listedNames(admin, '/docs/k')).toEqual([]);
      });

      it('answers 400 for no paths', async () => {
        expect(errorOf(await fsCall.batchRemove(admin, []))).toEqual([400, 'VALIDATION_FAILED']);
      });
    });
  });
});
