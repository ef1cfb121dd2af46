import { LIMITS } from '@pastebox/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import {
  bytes,
  expectEachPath,
  downloaded,
  errorOf,
  fsCall,
  fsUrl,
  listedSizes,
} from './fs-support';
import { createMountKey, eachStorage, storedBytes } from './uploads-support';

eachStorage((target) => {
  describe(`POST fs/update [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      // A long cache_ttl: every size below comes after a write the cache must drop.
      docs = await mountOn(server, admin, target, { mountPath: '/docs', cacheTtl: 86_400 });
      await mountOn(server, admin, target, { mountPath: '/off', isActive: false });
      await docs.driver.put('notes/old.md', bytes('# old'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('creates a text file; the cached listing of its folder shows it with its size', async () => {
      expect(await listedSizes(admin, '/docs/notes')).toEqual({ 'old.md': 5 });
      const res = await fsCall.update(admin, '/docs/notes/new.md', '# new\n');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ path: '/docs/notes/new.md', size: 6 });
      expect(res.body.data.etag).toBeTruthy();
      expect(await listedSizes(admin, '/docs/notes')).toEqual({ 'new.md': 6, 'old.md': 5 });
      expect((await downloaded(admin, '/docs/notes/new.md')).toString()).toBe('# new\n');
      const stat = await fsCall.get(admin, '/docs/notes/new.md');
      expect(stat.body.data).toMatchObject({ size: 6, mimetype: 'text/markdown' });
    });

    it('overwrites a file: the listing shows the new size, download the new bytes', async () => {
      const before = await fsCall.get(admin, '/docs/notes/old.md');
      const text = '# old, now longer — 更长 ✓';
      const res = await fsCall.update(admin, '/docs/notes/old.md', text);
      expect(res.status).toBe(200);
      const size = Buffer.byteLength(text, 'utf8');
      expect(res.body.data.size).toBe(size);
      expect(res.body.data.etag).not.toBe(before.body.data.etag);
      expect((await listedSizes(admin, '/docs/notes'))['old.md']).toBe(size);
      expect((await storedBytes(docs.driver, 'notes/old.md')).toString('utf8')).toBe(text);
      expect((await fsCall.update(admin, '/docs/notes/old.md', '')).status).toBe(200);
      expect((await listedSizes(admin, '/docs/notes'))['old.md']).toBe(0);
    });

    it('creates the folders on the way to a new file', async () => {
      expect((await fsCall.update(admin, '/docs/deep/er/x.txt', 'x')).status).toBe(200);
      expect(await listedSizes(admin, '/docs/deep/er')).toEqual({ 'x.txt': 1 });
    });

    it('takes exactly 10 MB of UTF-8 and refuses one byte more with 413', async () => {
      const max = LIMITS.editableFileBytes;
      const atMost = await fsCall.update(admin, '/docs/big.txt', 'a'.repeat(max));
      expect(atMost.status).toBe(200);
      expect(atMost.body.data.size).toBe(max);
      expect((await listedSizes(admin, '/docs'))['big.txt']).toBe(max);
      const over = await fsCall.update(admin, '/docs/big.txt', `${'a'.repeat(max - 2)}éé`);
      expect(errorOf(over)).toEqual([413, 'FILE_TOO_LARGE_TO_EDIT']);
      expect((await fsCall.get(admin, '/docs/big.txt')).body.data.size).toBe(max);
    });

    it('refuses a body far over the limit before reading it (413)', async () => {
      const content = 'b'.repeat(2 * LIMITS.editableFileBytes + 128 * 1024);
      const res = await fsCall.update(admin, '/docs/huge.txt', content);
      expect(errorOf(res)).toEqual([413, 'FILE_TOO_LARGE_TO_EDIT']);
      expect(errorOf(await fsCall.get(admin, '/docs/huge.txt'))).toEqual([404, 'PATH_NOT_FOUND']);
    });

    it('refuses a folder, a mount point, a file on the way and places outside the mounts', async () => {
      await docs.driver.createFolder('a-folder');
      await docs.driver.put('plain.txt', bytes('p'));
      await expectEachPath(
        [
          ['/docs/a-folder', 409, 'PATH_EXISTS'],
          ['/docs', 400, 'PATH_OUTSIDE_MOUNT'],
          ['/', 400, 'NOT_A_FILE'],
          ['/docs/made-a-folder/', 400, 'NOT_A_FILE'],
          ['/docs/a-folder/', 400, 'NOT_A_FILE'],
          ['/docs/plain.txt/x.txt', 400, 'NOT_A_FOLDER'],
          ['/docs/plain.txt/a/x.txt', 400, 'NOT_A_FOLDER'],
          ['/nowhere/x.txt', 404, 'PATH_NOT_FOUND'],
          ['/off/x.txt', 404, 'PATH_NOT_FOUND'],
          ['/docs/../x.txt', 400, 'PATH_INVALID'],
        ],
        (path) => fsCall.update(admin, path, 'x'),
      );
      expect((await downloaded(admin, '/docs/plain.txt')).toString()).toBe('p');
      expect(errorOf(await fsCall.get(admin, '/docs/made-a-folder'))).toEqual([
        404,
        'PATH_NOT_FOUND',
      ]);
    });

    it('needs a string content', async () => {
      const res = await admin.post(fsUrl(admin, 'update'), { path: '/docs/n.txt', content: 5 });
      expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    });

    it('lets a key write at or under its basic_path only', async () => {
      const key = await createMountKey(server, { basicPath: '/docs/notes' });
      expect((await fsCall.update(key, '/docs/notes/k.txt', 'k')).status).toBe(200);
      const outside = await fsCall.update(key, '/docs/k.txt', 'k');
      expect(errorOf(outside)).toEqual([403, 'PATH_FORBIDDEN']);
      const noMount = await createMountKey(server, { mount: false });
      const refused = await fsCall.update(noMount, '/docs/notes/k.txt', 'k');
      expect(errorOf(refused)).toEqual([403, 'MOUNT_PERMISSION_REQUIRED']);
      expect((await downloaded(admin, '/docs/notes/k.txt')).toString()).toBe('k');
    });
  });
});
