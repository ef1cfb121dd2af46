import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, downloaded, errorOf, fsCall, listedNames } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

eachStorage((target) => {
  describe(`POST fs/rename [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    let other: TestMount;
    let elsewhere: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      docs = await mountOn(server, admin, target, { mountPath: '/docs', cacheTtl: 3600 });
      other = await mountOn(server, admin, target, { mountPath: '/other' });
      // The same storage config behind a second mount: still another mount.
      await mountOn(server, admin, target, { mountPath: '/alias', configId: docs.configId });
      // Another kind of storage altogether.
      const [otherTarget] = storageTargets().filter((t) => t.name !== target.name);
      if (!otherTarget) {
        throw new Error('two storage targets expected');
      }
      elsewhere = await mountOn(server, admin, otherTarget, { mountPath: '/elsewhere' });
      await mountOn(server, admin, target, { mountPath: '/team/a' });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('renames a file: the cached listing and the bytes follow', async () => {
      await docs.driver.put('r/a.txt', bytes('A-bytes'));
      expect(await listedNames(admin, '/docs/r')).toEqual(['a.txt']);
      const res = await fsCall.rename(admin, '/docs/r/a.txt', '/docs/r/b.txt');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ oldPath: '/docs/r/a.txt', newPath: '/docs/r/b.txt' });
      expect(await listedNames(admin, '/docs/r')).toEqual(['b.txt']);
      expect((await downloaded(admin, '/docs/r/b.txt')).toString()).toBe('A-bytes');
      expect(errorOf(await fsCall.get(admin, '/docs/r/a.txt'))).toEqual([404, 'PATH_NOT_FOUND']);
    });

    it('moves a file into a new folder; the folder it left stays', async () => {
      await docs.driver.put('mv/m.txt', bytes('M'));
      expect(await listedNames(admin, '/docs/mv')).toEqual(['m.txt']);
      expect((await fsCall.rename(admin, '/docs/mv/m.txt', '/docs/mv2/sub/m.txt')).status).toBe(
        200,
      );
      expect(await listedNames(admin, '/docs/mv')).toEqual([]);
      expect(await listedNames(admin, '/docs/mv2/sub')).toEqual(['m.txt']);
    });

    it('moves a folder with everything in it, empty subfolders included', async () => {
      await docs.driver.put('f/a.txt', bytes('a'));
      await docs.driver.put('f/sub/b.txt', bytes('b'));
      await docs.driver.put('f/sub/deeper/c.txt', bytes('c'));
      expect((await fsCall.mkdir(admin, '/docs/f/empty')).status).toBe(200);
      expect(await listedNames(admin, '/docs')).toContain('f');
      const res = await fsCall.rename(admin, '/docs/f', '/docs/g');
      expect(res.status).toBe(200);
      const top = await listedNames(admin, '/docs');
      expect(top).toContain('g');
      expect(top).not.toContain('f');
      expect(await listedNames(admin, '/docs/g')).toEqual(['empty', 'sub', 'a.txt']);
      expect(await listedNames(admin, '/docs/g/sub')).toEqual(['deeper', 'b.txt']);
      expect(await listedNames(admin, '/docs/g/empty')).toEqual([]);
      expect((await downloaded(admin, '/docs/g/sub/deeper/c.txt')).toString()).toBe('c');
      expect(errorOf(await fsCall.list(admin, '/docs/f'))).toEqual([404, 'PATH_NOT_FOUND']);
      expect(await docs.driver.folderExists('f')).toBe(false);
    });

    it('moves an empty folder', async () => {
      await fsCall.mkdir(admin, '/docs/lonely');
      expect((await fsCall.rename(admin, '/docs/lonely', '/docs/lonely2')).status).toBe(200);
      const names = await listedNames(admin, '/docs');
      expect(names).toContain('lonely2');
      expect(names).not.toContain('lonely');
    });

    it('refuses to move across mounts, storages included, with 409 PATH_CONFLICT', async () => {
      await docs.driver.put('x/stay.txt', bytes('stay'));
      for (const to of ['/other/stay.txt', '/alias/x/moved.txt', '/elsewhere/stay.txt']) {
        const res = await fsCall.rename(admin, '/docs/x/stay.txt', to);
        expect(errorOf(res), to).toEqual([409, 'PATH_CONFLICT']);
        expect(res.body.message).toMatch(/copy/i);
      }
      expect(errorOf(await fsCall.rename(admin, '/docs/x', '/other/x'))).toEqual([
        409,
        'PATH_CONFLICT',
      ]);
      expect((await downloaded(admin, '/docs/x/stay.txt')).toString()).toBe('stay');
      expect(await other.driver.stat('stay.txt')).toBeNull();
      expect(await elsewhere.driver.stat('stay.txt')).toBeNull();
    });

    it('answers 409 PATH_EXISTS when the new path is taken, and changes nothing', async () => {
      await docs.driver.put('t/one.txt', bytes('1'));
      await docs.driver.put('t/two.txt', bytes('2'));
      await docs.driver.put('t/dir/in.txt', bytes('in'));
      const cases: [string, string][] = [
        ['/docs/t/one.txt', '/docs/t/two.txt'],
        ['/docs/t/one.txt', '/docs/t/dir'],
        ['/docs/t/dir', '/docs/t/one.txt'],
      ];
      for (const [from, to] of cases) {
        expect(errorOf(await fsCall.rename(admin, from, to)), to).toEqual([409, 'PATH_EXISTS']);
      }
      expect((await downloaded(admin, '/docs/t/one.txt')).toString()).toBe('1');
      expect((await downloaded(admin, '/docs/t/two.txt')).toString()).toBe('2');
      expect(await listedNames(admin, '/docs/t/dir')).toEqual(['in.txt']);
    });

    it('refuses a folder into itself or its own subfolder (400 COPY_INTO_ITSELF)', async () => {
      await docs.driver.put('self/sub/s.txt', bytes('s'));
      for (const to of ['/docs/self/sub/self', '/docs/self/self', '/docs/self/sub']) {
        const res = await fsCall.rename(admin, '/docs/self', to);
        expect(errorOf(res), to).toEqual([400, 'COPY_INTO_ITSELF']);
      }
      expect(await listedNames(admin, '/docs/self')).toEqual(['sub']);
      expect(await listedNames(admin, '/docs/self/sub')).toEqual(['s.txt']);
    });

    it('answers a rename onto itself as done, unless nothing is there', async () => {
      await docs.driver.put('same.txt', bytes('same'));
      expect((await fsCall.rename(admin, '/docs/same.txt', '/docs//same.txt/')).status).toBe(200);
      expect((await downloaded(admin, '/docs/same.txt')).toString()).toBe('same');
      const none = await fsCall.rename(admin, '/docs/none.txt', '/docs/none.txt');
      expect(errorOf(none)).toEqual([404, 'PATH_NOT_FOUND']);
    });

    it('answers 404 for nothing at the old path, or a new path in no mount', async () => {
      await docs.driver.put('n/here.txt', bytes('h'));
      const cases: [string, string][] = [
        ['/docs/n/none.txt', '/docs/n/n2.txt'],
        ['/nowhere/a.txt', '/docs/n/a.txt'],
        ['/docs/n/here.txt', '/nowhere/here.txt'],
        ['/docs/n/here.txt', '/team/b/here.txt'],
      ];
      for (const [from, to] of cases) {
        expect(errorOf(await fsCall.rename(admin, from, to)), from).toEqual([
          404,
          'PATH_NOT_FOUND',
        ]);
      }
    });

    it('refuses mount points and the folders above them, either side (400)', async () => {
      await docs.driver.put('mp/file.txt', bytes('f'));
      const cases: [string, string][] = [
        ['/docs', '/docs2'],
        ['/docs', '/docs/inside'],
        ['/team/a', '/team/c'],
        ['/team', '/team2'],
        ['/docs/mp/file.txt', '/docs'],
        ['/docs/mp/file.txt', '/team'],
        ['/docs/mp/file.txt', '/'],
      ];
      for (const [from, to] of cases) {
        expect(errorOf(await fsCall.rename(admin, from, to)), `${from} → ${to}`).toEqual([
          400,
          'PATH_OUTSIDE_MOUNT',
        ]);
      }
      expect(await listedNames(admin, '/')).toEqual([
        'alias',
        'docs',
        'elsewhere',
        'other',
        'team',
      ]);
    });

    it('answers 400 NOT_A_FOLDER for a new path through a file', async () => {
      await docs.driver.put('nf/file.txt', bytes('f'));
      await docs.driver.put('nf/move.txt', bytes('m'));
      for (const to of ['/docs/nf/file.txt/move.txt', '/docs/nf/file.txt/a/move.txt']) {
        const res = await fsCall.rename(admin, '/docs/nf/move.txt', to);
        expect(errorOf(res), to).toEqual([400, 'NOT_A_FOLDER']);
      }
      const intoItself = await fsCall.rename(admin, '/docs/nf/file.txt', '/docs/nf/file.txt/x');
      expect(errorOf(intoItself)).toEqual([400, 'NOT_A_FOLDER']);
      expect(await listedNames(admin, '/docs/nf')).toEqual(['file.txt', 'move.txt']);
    });

    it('keeps a key inside its basic_path on both sides', async () => {
      await docs.driver.put('k/mine.txt', bytes('m'));
      await docs.driver.put('k-other/theirs.txt', bytes('t'));
      const key = await createMountKey(server, { basicPath: '/docs/k' });
      const cases: [string, string][] = [
        ['/docs/k/mine.txt', '/docs/k-other/mine.txt'],
        ['/docs/k-other/theirs.txt', '/docs/k/theirs.txt'],
        ['/docs/k', '/docs/k2'],
      ];
      for (const [from, to] of cases) {
        expect(errorOf(await fsCall.rename(key, from, to)), to).toEqual([403, 'PATH_FORBIDDEN']);
      }
      expect((await fsCall.rename(key, '/docs/k/mine.txt', '/docs/k/sub/mine2.txt')).status).toBe(
        200,
      );
      expect(await listedNames(admin, '/docs/k-other')).toEqual(['theirs.txt']);
    });

    it('answers 400 for bad paths and bodies', async () => {
      const bad = await fsCall.rename(admin, '/docs/a.txt', '/docs/../a.txt');
      expect(errorOf(bad)).toEqual([400, 'PATH_INVALID']);
      const missing = await admin.post('/api/admin/fs/rename', { oldPath: '/docs/a.txt' });
      expect(errorOf(missing)).toEqual([400, 'VALIDATION_FAILED']);
    });
  });
});
