import type { MultipartInitResult } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { finishedTask, startCopy, startedCopy } from '../tasks/tasks-support';
import { ADMIN_BASIC, basic, davFetch } from '../webdav/dav-support';
import { lockBody } from '../webdav/locks-support';
import { errorOf, fsCall } from './fs-support';
import {
  eachStorage,
  fsBase,
  mountStorage,
  postFsForm,
  type MountedStorage,
} from './uploads-support';

/**
 * Issue 29: a WebDAV lock holds for every front door. While one principal holds a lock,
 * another's fs API writes, uploads (form, presign, multipart) and copy tasks are refused
 * with 423 RESOURCE_LOCKED; a copy task fails only the locked files; the holder's own
 * WebDAV write with its token passes, and after UNLOCK everyone's does.
 */

const LOCKED: [number, string] = [423, 'RESOURCE_LOCKED'];

eachStorage((target) => {
  describe(`WebDAV locks through the fs API [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    let key: ApiClient;
    let keyAuth: string;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountStorage(server, admin, target);
      const item = await createKey(admin, { mount_permission: true, basic_path: mount.mountPath });
      key = admin.withApiKey(item.key);
      keyAuth = basic(item.key, item.key);
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const at = (path: string) => `${mount.mountPath}${path}`;

    async function davLock(auth: string, path: string, depth = 'infinity'): Promise<string> {
      const res = await davFetch(server, 'LOCK', at(path), {
        auth,
        headers: { 'Content-Type': 'application/xml', Depth: depth, Timeout: 'Second-600' },
        body: lockBody('exclusive'),
      });
      await res.text();
      expect(res.status, path).toBeLessThan(300);
      return res.headers.get('lock-token')?.slice(1, -1) ?? '';
    }

    async function davUnlock(auth: string, path: string, token: string): Promise<void> {
      const res = await davFetch(server, 'UNLOCK', at(path), {
        auth,
        headers: { 'Lock-Token': `<${token}>` },
      });
      expect(res.status).toBe(204);
    }

    async function written(client: ApiClient, path: string, content: string): Promise<void> {
      const res = await fsCall.update(client, at(path), content);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    it('refuses another principal’s update, rename, remove and uploads of a locked file', async () => {
      await written(admin, '/f.txt', 'one');
      const token = await davLock(ADMIN_BASIC, '/f.txt', '0');

      expect(errorOf(await fsCall.update(key, at('/f.txt'), 'key'))).toEqual(LOCKED);
      expect(errorOf(await fsCall.rename(key, at('/f.txt'), at('/g.txt')))).toEqual(LOCKED);
      expect(errorOf(await fsCall.remove(key, at('/f.txt')))).toEqual(LOCKED);
      expect(errorOf(await postFsForm(key, { path: at('/f.txt') }))).toEqual(LOCKED);
      const presign = await key.post(`${fsBase(key)}/presign`, {
        path: at('/'),
        fileName: 'f.txt',
        contentType: 'text/plain',
        fileSize: 3,
      });
      expect(errorOf(presign)).toEqual(LOCKED);
      const multipart = await key.post(`${fsBase(key)}/multipart/init`, {
        path: at('/f.txt'),
        contentType: 'text/plain',
        fileSize: 3,
      });
      expect(errorOf(multipart)).toEqual(LOCKED);
      const copy = await startCopy(key, {
        items: [{ sourcePath: at('/f.txt'), targetPath: at('/f.txt.bak') }],
        skipExisting: false,
      });
      expect(copy.status).toBe(202);
      // Reading a locked file is free: the copy from it completes.
      const copied = await finishedTask(key, copy.body.data.taskId);
      expect(copied.status).toBe('completed');
      const onto = await startCopy(key, {
        items: [{ sourcePath: at('/f.txt.bak'), targetPath: at('/f.txt') }],
        skipExisting: false,
      });
      expect(errorOf(onto)).toEqual(LOCKED);
      // The lock's refusal goes with the path in the catalogue's words.
      const refused = await fsCall.update(key, at('/f.txt'), 'key');
      expect(refused.body.message).toContain(at('/f.txt'));

      // The holder writes: over WebDAV with its token, through the fs API as itself.
      const put = await davFetch(server, 'PUT', at('/f.txt'), {
        headers: { If: `(<${token}>)` },
        body: 'two',
      });
      expect(put.status).toBe(204);
      await written(admin, '/f.txt', 'three');

      await davUnlock(ADMIN_BASIC, '/f.txt', token);
      await written(key, '/f.txt', 'key');
      expect((await fsCall.rename(key, at('/f.txt'), at('/g.txt'))).status).toBe(200);
      expect((await fsCall.remove(key, at('/g.txt'))).status).toBe(200);
    });

    it('refuses writes into and around a folder locked with depth infinity', async () => {
      await written(admin, '/outer/dir/in.txt', 'x');
      const token = await davLock(ADMIN_BASIC, '/outer/dir');

      expect(errorOf(await fsCall.update(key, at('/outer/dir/in.txt'), 'y'))).toEqual(LOCKED);
      expect(errorOf(await fsCall.update(key, at('/outer/dir/new.txt'), 'y'))).toEqual(LOCKED);
      expect(errorOf(await fsCall.mkdir(key, at('/outer/dir/sub')))).toEqual(LOCKED);
      expect(errorOf(await fsCall.rename(key, at('/outer/dir'), at('/outer/moved')))).toEqual(
        LOCKED,
      );
      // A lock below counts for a recursive write: the folder above cannot go either.
      expect(errorOf(await fsCall.remove(key, at('/outer')))).toEqual(LOCKED);
      expect(errorOf(await postFsForm(key, { path: at('/outer/dir/') }))).toEqual(LOCKED);
      // Next to the lock, all is free.
      await written(key, '/outer/beside.txt', 'free');

      await davUnlock(ADMIN_BASIC, '/outer/dir', token);
      expect((await fsCall.mkdir(key, at('/outer/dir/sub'))).status).toBe(200);
      expect((await fsCall.remove(key, at('/outer'))).status).toBe(200);
    });

    it('lets a key’s lock block the admin’s fs API writes, and only its own token free it', async () => {
      await written(key, '/mine.txt', 'key');
      const token = await davLock(keyAuth, '/mine.txt', '0');
      expect(errorOf(await fsCall.update(admin, at('/mine.txt'), 'admin'))).toEqual(LOCKED);
      expect(errorOf(await fsCall.remove(admin, at('/mine.txt')))).toEqual(LOCKED);
      // The admin's WebDAV write with the key's token is still not the key's.
      const put = await davFetch(server, 'PUT', at('/mine.txt'), {
        headers: { If: `(<${token}>)` },
        body: 'admin',
      });
      expect(put.status).toBe(423);
      const own = await davFetch(server, 'PUT', at('/mine.txt'), {
        auth: keyAuth,
        headers: { If: `(<${token}>)` },
        body: 'key again',
      });
      expect(own.status).toBe(204);
      // The admin can always remove the lock.
      await davUnlock(ADMIN_BASIC, '/mine.txt', token);
      await written(admin, '/mine.txt', 'admin');
    });

    it('fails only the locked file of a copy task, and refuses a multipart commit after a lock', async () => {
      await written(admin, '/src/a.txt', 'a');
      await written(admin, '/src/b.txt', 'b');
      await written(admin, '/dst/b.txt', 'old');
      const token = await davLock(ADMIN_BASIC, '/dst/b.txt', '0');
      const id = await startedCopy(key, {
        items: [{ sourcePath: at('/src'), targetPath: at('/dst') }],
        skipExisting: false,
      });
      const task = await finishedTask(key, id);
      expect(task).toMatchObject({ status: 'partial', success_count: 1, failed_count: 1 });
      expect(task.failures.map((failure) => failure.path)).toEqual([at('/src/b.txt')]);
      expect(task.failures[0]?.message).toContain('locked');
      const kept = await fsCall.get(admin, at('/dst/b.txt'));
      expect(kept.body.data.size).toBe(3);

      const init = await key.post<MultipartInitResult>(`${fsBase(key)}/multipart/init`, {
        path: at('/late.bin'),
        contentType: 'application/octet-stream',
        fileSize: 4,
      });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      const session = init.body.data;
      const query = new URLSearchParams({
        path: session.path,
        uploadId: session.uploadId,
        partNumber: '1',
        isLastPart: 'true',
        key: session.key,
      });
      const part = await key.raw(`${fsBase(key)}/multipart/part?${query.toString()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.from('late'),
      });
      const sent = (await part.json()) as { data: { partNumber: number; etag: string } };
      expect(part.status).toBe(200);
      const late = await davLock(ADMIN_BASIC, '/late.bin', '0');
      const complete = await key.post(`${fsBase(key)}/multipart/complete`, {
        path: session.path,
        uploadId: session.uploadId,
        key: session.key,
        parts: [sent.data],
        contentType: 'application/octet-stream',
        fileSize: 4,
      });
      expect(errorOf(complete)).toEqual(LOCKED);
      await davUnlock(ADMIN_BASIC, '/late.bin', late);
      await davUnlock(ADMIN_BASIC, '/dst/b.txt', token);
    });
  });
});
