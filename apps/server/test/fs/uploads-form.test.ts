import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { setMaxUploadMb, testBytes } from '../uploads/builders';
import {
  createMountKey,
  eachStorage,
  MIB,
  namesIn,
  postChunkedForm,
  postFsForm,
  storedBytes,
  serverWithMount,
  type MountedStorage,
} from './uploads-support';

eachStorage((target) => {
  describe(`POST fs/upload [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    serverWithMount(target, (opened) => ({ server, admin, mount } = opened));

    it('streams a file to its full path; it is listed at once despite the cache', async () => {
      // A listing first, so the folder is in the 300 s cache before the upload.
      expect(await namesIn(admin, mount.mountPath)).not.toContain('notes.txt');
      const content = testBytes(300_000, 2);
      const res = await postFsForm(admin, {
        path: `${mount.mountPath}/notes.txt`,
        content,
        filename: 'ignored-name.bin',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ path: `${mount.mountPath}/notes.txt`, size: 300_000 });
      expect(await storedBytes(mount.driver, 'notes.txt')).toEqual(content);
      expect(await namesIn(admin, mount.mountPath)).toContain('notes.txt');
    });

    it('puts the file under its own name when the path names a folder', async () => {
      const slash = await postFsForm(admin, {
        path: `${mount.mountPath}/docs/`,
        filename: '报告 (1).txt',
        content: 'in a folder',
      });
      expect(slash.status, JSON.stringify(slash.body)).toBe(200);
      expect(slash.body.data.path).toBe(`${mount.mountPath}/docs/报告 (1).txt`);
      expect(await namesIn(admin, `${mount.mountPath}/docs`)).toEqual(['报告 (1).txt']);

      // An existing folder without the slash means the same.
      const existing = await postFsForm(admin, {
        path: `${mount.mountPath}/docs`,
        filename: 'second.txt',
      });
      expect(existing.status, JSON.stringify(existing.body)).toBe(200);
      expect(existing.body.data.path).toBe(`${mount.mountPath}/docs/second.txt`);

      // The mount point is a folder too: the file goes to the mount's root.
      const root = await postFsForm(admin, { path: mount.mountPath, filename: 'top.txt' });
      expect(root.status, JSON.stringify(root.body)).toBe(200);
      expect(root.body.data.path).toBe(`${mount.mountPath}/top.txt`);
      expect(await mount.driver.stat('top.txt')).not.toBeNull();
    });

    it('replaces an existing file', async () => {
      const path = `${mount.mountPath}/replace.txt`;
      await postFsForm(admin, { path, content: 'first version' });
      const again = await postFsForm(admin, { path, content: 'v2' });
      expect(again.status).toBe(200);
      expect((await storedBytes(mount.driver, 'replace.txt')).toString()).toBe('v2');
    });

    it('refuses a file over the max upload size while streaming and leaves no object', async () => {
      await setMaxUploadMb(server, 1);
      try {
        const res = await postFsForm(admin, {
          path: `${mount.mountPath}/too-big.bin`,
          content: testBytes(MIB + 1, 4),
        });
        expect(res.status).toBe(413);
        expect(res.body.error).toBe('FILE_TOO_LARGE');
        expect(await mount.driver.stat('too-big.bin')).toBeNull();
        expect(await namesIn(admin, mount.mountPath)).not.toContain('too-big.bin');
      } finally {
        await setMaxUploadMb(server, 100);
      }
    });

    it('holds the max upload size on a chunked form that never ends (413 mid-stream)', async () => {
      await setMaxUploadMb(server, 1);
      try {
        const res = await postChunkedForm(admin, {
          fields: { path: `${mount.mountPath}/endless.bin` },
          fileBytes: 3 * MIB,
          hang: true,
        });
        expect(res.status).toBe(413);
        expect(((await res.json()) as { error: string }).error).toBe('FILE_TOO_LARGE');
        expect(await mount.driver.stat('endless.bin')).toBeNull();
      } finally {
        await setMaxUploadMb(server, 100);
      }
    });

    it('refuses malformed and escaping paths and the root above the mounts', async () => {
      const cases = [
        [`${mount.mountPath}/../escape.txt`, 400, 'PATH_INVALID'],
        [`${mount.mountPath}/a\\b.txt`, 400, 'PATH_INVALID'],
        [`${mount.mountPath}/nul\u0000.txt`, 400, undefined],
        ['relative/file.txt', 400, 'PATH_INVALID'],
        ['/no-such-mount/file.txt', 404, 'PATH_NOT_FOUND'],
        ['/', 404, 'PATH_NOT_FOUND'],
      ] as const;
      for (const [path, status, error] of cases) {
        const res = await postFsForm(admin, { path, filename: 'x.txt' });
        expect(res.status, `${JSON.stringify(path)}: ${JSON.stringify(res.body)}`).toBe(status);
        if (error) {
          expect(res.body.error).toBe(error);
        }
      }
    });

    it('keeps a key inside its basic_path and needs the mount permission', async () => {
      const key = await createMountKey(server, { basicPath: `${mount.mountPath}/team` });
      const inside = await postFsForm(key, { path: `${mount.mountPath}/team/k.txt` });
      expect(inside.status, JSON.stringify(inside.body)).toBe(200);

      for (const path of [
        `${mount.mountPath}/k.txt`,
        `${mount.mountPath}/team-b/k.txt`,
        `${mount.mountPath}/team/../k.txt`,
      ]) {
        const res = await postFsForm(key, { path });
        expect([400, 403], `${path}: ${JSON.stringify(res.body)}`).toContain(res.status);
      }
      const outside = await postFsForm(key, { path: `${mount.mountPath}/team-b/k.txt` });
      expect(outside.status).toBe(403);
      expect(outside.body.error).toBe('PATH_FORBIDDEN');
      expect(await mount.driver.stat('team-b/k.txt')).toBeNull();

      const noMount = await createMountKey(server, { mount: false });
      const refused = await postFsForm(noMount, { path: `${mount.mountPath}/n.txt` });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('MOUNT_PERMISSION_REQUIRED');
      const anonymous = await postFsForm(server.anon, { path: `${mount.mountPath}/n.txt` });
      expect(anonymous.status).toBe(401);
    });
  });

  describe(`POST fs/upload with a storage capacity [${target.name}]`, () => {
    let admin: ApiClient;
    let mount: MountedStorage;
    serverWithMount(target, (opened) => ({ admin, mount } = opened), {
      total_storage_bytes: 10 * 1024,
    });

    it('refuses a file past the capacity before storing a byte (507)', async () => {
      const res = await postFsForm(admin, {
        path: `${mount.mountPath}/big.bin`,
        content: testBytes(20 * 1024),
      });
      expect(res.status).toBe(507);
      expect(res.body.error).toBe('INSUFFICIENT_STORAGE');
      expect(await mount.driver.stat('big.bin')).toBeNull();

      // Without a Content-Length the capacity is counted while the bytes arrive.
      const chunked = await postChunkedForm(admin, {
        fields: { path: `${mount.mountPath}/chunked.bin` },
        fileBytes: 200 * 1024,
        hang: false,
      });
      expect(chunked.status).toBe(507);
      expect(await mount.driver.stat('chunked.bin')).toBeNull();

      const fits = await postFsForm(admin, { path: `${mount.mountPath}/small.bin`, content: 'ok' });
      expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    });
  });
});
