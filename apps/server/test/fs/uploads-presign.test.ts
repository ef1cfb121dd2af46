import type { FsPresignResult } from '@pastebox/contract/schemas/fs';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { putTo, testBytes } from '../uploads/builders';
import {
  createMountKey,
  eachStorage,
  fsBase,
  MIB,
  namesIn,
  storedBytes,
  serverWithMount,
  type MountedStorage,
} from './uploads-support';

eachStorage((target) => {
  describe(`fs presigned upload [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    serverWithMount(target, (opened) => ({ server, admin, mount } = opened));

    async function presign(client: ApiClient, body: Record<string, unknown>) {
      const res = await client.post<FsPresignResult>(`${fsBase(client)}/presign`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    }

    function commit(client: ApiClient, signed: FsPresignResult, fileSize: number, etag?: string) {
      return client.post(`${fsBase(client)}/presign/commit`, {
        targetPath: signed.targetPath,
        key: signed.key,
        fileSize,
        contentType: 'image/png',
        ...(etag ? { etag } : {}),
      });
    }

    it('presigns a PUT into a folder, commits it, and the file is listed at once', async () => {
      expect(await namesIn(admin, mount.mountPath)).toEqual([]);
      const content = testBytes(70_000, 5);
      const signed = await presign(admin, {
        path: `${mount.mountPath}/photos/`,
        fileName: 'cat.png',
        contentType: 'image/png',
        fileSize: content.length,
      });
      expect(signed).toMatchObject({
        method: 'PUT',
        targetPath: `${mount.mountPath}/photos/cat.png`,
        key: 'photos/cat.png',
      });
      expect(signed.uploadUrl).toMatch(/^https?:\/\//);
      const put = await putTo(server, { url: signed.uploadUrl, headers: signed.headers }, content);
      expect(put.status).toBe(200);
      const etag = put.headers.get('etag') ?? undefined;

      const done = await commit(admin, signed, content.length, etag);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data).toMatchObject({ path: signed.targetPath, size: content.length });
      expect((await storedBytes(mount.driver, 'photos/cat.png')).equals(content)).toBe(true);
      expect(await namesIn(admin, mount.mountPath)).toEqual(['photos']);
      expect(await namesIn(admin, `${mount.mountPath}/photos`)).toEqual(['cat.png']);
    });

    it('refuses a commit whose object is missing, of another size or another key', async () => {
      const signed = await presign(admin, {
        path: `${mount.mountPath}/never.bin`,
        fileName: 'never.bin',
        fileSize: 10,
      });
      const missing = await commit(admin, signed, 10);
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('UPLOAD_INCOMPLETE');

      await putTo(server, { url: signed.uploadUrl, headers: signed.headers }, '0123456789');
      const otherSize = await commit(admin, signed, 11);
      expect(otherSize.body.error).toBe('UPLOAD_INCOMPLETE');
      const otherEtag = await commit(admin, signed, 10, '"0123"');
      expect(otherEtag.body.error).toBe('UPLOAD_INCOMPLETE');
      const otherKey = await admin.post('/api/admin/fs/presign/commit', {
        targetPath: signed.targetPath,
        key: 'elsewhere.bin',
        fileSize: 10,
      });
      expect(otherKey.status).toBe(400);
      expect((await commit(admin, signed, 10)).status).toBe(200);
    });

    it('refuses what the signed URL was not issued for: a larger body', async () => {
      const signed = await presign(admin, {
        path: `${mount.mountPath}/exact.bin`,
        fileName: 'exact.bin',
        fileSize: 4,
      });
      const put = await putTo(server, { url: signed.uploadUrl, headers: signed.headers }, '12345');
      expect(put.status).toBeGreaterThanOrEqual(400);
      expect(await mount.driver.stat('exact.bin')).toBeNull();
    });

    it('checks the max upload size, escapes and a key basic_path before signing', async () => {
      const huge = await admin.post('/api/admin/fs/presign', {
        path: `${mount.mountPath}/huge.bin`,
        fileName: 'huge.bin',
        fileSize: 101 * MIB,
      });
      expect(huge.status).toBe(413);
      const escape = await admin.post('/api/admin/fs/presign', {
        path: `${mount.mountPath}/../etc/`,
        fileName: 'passwd',
        fileSize: 1,
      });
      expect(escape.status).toBe(400);
      expect(escape.body.error).toBe('PATH_INVALID');

      const key = await createMountKey(server, { basicPath: `${mount.mountPath}/team` });
      const inside = await presign(key, {
        path: `${mount.mountPath}/team/`,
        fileName: 'k.txt',
        fileSize: 2,
      });
      expect(inside.targetPath).toBe(`${mount.mountPath}/team/k.txt`);
      const outside = await key.post('/api/user/fs/presign', {
        path: `${mount.mountPath}/team-b/`,
        fileName: 'k.txt',
        fileSize: 2,
      });
      expect(outside.status).toBe(403);
      expect(outside.body.error).toBe('PATH_FORBIDDEN');
      const commitOutside = await key.post('/api/user/fs/presign/commit', {
        targetPath: `${mount.mountPath}/team-b/k.txt`,
        key: 'team-b/k.txt',
        fileSize: 2,
      });
      expect(commitOutside.status).toBe(403);
    });
  });
});
