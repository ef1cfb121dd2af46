import type {
  RequestDownloadLink,
  RequestUpload,
  RequestUploadList,
} from '@pastebox/contract/schemas/file-request';
import type { AccountMe } from '@pastebox/contract/schemas/account';
import { describe, expect, it } from 'vitest';
import { createMember } from '../accounts/builders';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  eachStorage,
  serverWithMount,
  storedBytes,
  type MountedStorage,
} from '../fs/uploads-support';
import { driverOf } from '../support/storage-targets';
import { insertApiKey, testBytes } from '../uploads/builders';
import { createRequest, openAsStranger, sendFile, storedCounts } from './support';

eachStorage((target) => {
  describe(`file requests into a mount folder [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    serverWithMount(target, (opened) => ({ server, admin, mount } = opened));

    it('writes into the folder, renames on collision, refuses before storing', async () => {
      const folder = `${mount.mountPath}/inbox`;
      expect((await admin.post('/api/admin/fs/mkdir', { path: folder })).status).toBeLessThan(300);
      const request = await createRequest(admin, {
        title: 'Logs please',
        allowed_types: ['.log', 'text/*'],
        max_files: 3,
        target: { type: 'mount', path: folder },
      });
      expect(request.target).toEqual({ type: 'mount', path: folder });
      const token = await openAsStranger(server, request.slug);
      const first = testBytes(20_000, 1);
      const second = testBytes(30_000, 2);
      const a = await sendFile(server, request.slug, token, { name: 'app.log', content: first });
      const b = await sendFile(server, request.slug, token, { name: 'app.log', content: second });
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body.data.filename).toBe('app (1).log');

      const refused = await sendFile(server, request.slug, token, {
        name: 'photo.jpg',
        type: 'image/jpeg',
      });
      expect(refused.body.error).toBe('REQUEST_TYPE_REFUSED');
      expect(await mount.driver.stat(mount.keyOf(`${folder}/photo.jpg`))).toBeNull();

      const list = await admin.get<RequestUploadList>(`/api/admin/requests/${request.id}/uploads`);
      const paths = list.body.data.items.map((item) => item.mount_path).sort();
      expect(paths).toEqual([`${folder}/app (1).log`, `${folder}/app.log`]);
      const renamed = list.body.data.items.find((item) => item.filename === 'app (1).log');
      const link = await admin.get<RequestDownloadLink>(
        `/api/admin/requests/${request.id}/uploads/${renamed?.id}/download`,
      );
      const body = Buffer.from(await (await fetch(link.body.data.url)).arrayBuffer());
      expect(body.equals(second)).toBe(true);

      // "Share it": a public file share of the owner, a copy; the file stays in the folder.
      const share = await admin.post<RequestUpload>(
        `/api/admin/requests/${request.id}/uploads/${renamed?.id}/share`,
      );
      expect(share.status, JSON.stringify(share.body)).toBe(200);
      expect(share.body.data).toMatchObject({ shared: true, mount_path: `${folder}/app (1).log` });
      expect(share.body.data.share_url).toMatch(/\/file\//);
      const fileId = share.body.data.file_id ?? '';
      const copy = await server.deps.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow();
      expect(copy).toMatchObject({ private: 0, status: 'ready', filename: 'app (1).log' });
      expect(Number(copy.size)).toBe(second.length);
      const copied = await storedBytes(
        await driverOf(server, copy.s3_config_id),
        copy.storage_path,
      );
      expect(copied.equals(second)).toBe(true);
      // Again: the same share, no second copy.
      const again = await admin.post<RequestUpload>(
        `/api/admin/requests/${request.id}/uploads/${renamed?.id}/share`,
      );
      expect(again.body.data.file_id).toBe(fileId);

      // Deleting removes the file from the folder and its public copy.
      await admin.delete(`/api/admin/requests/${request.id}/uploads/${renamed?.id}`);
      expect(await mount.driver.stat(mount.keyOf(`${folder}/app (1).log`))).toBeNull();
      const left = await server.deps.db
        .selectFrom('files')
        .select('id')
        .where('id', '=', fileId)
        .executeTakeFirst();
      expect(left).toBeUndefined();
      expect(await storedCounts(server, request.id)).toMatchObject({
        files_received: 2,
        files_reserved: 0,
      });
    });

    it("counts a shared copy in the owner's quota, like their own upload", async () => {
      const member = await createMember(admin, { quota_bytes: 30_000 });
      const folder = `${mount.mountPath}/quota-${member.username}`;
      expect((await admin.post('/api/admin/fs/mkdir', { path: folder })).status).toBeLessThan(300);
      const request = await createRequest(
        member.client,
        { title: 'Into my folder', target: { type: 'mount', path: folder } },
        'user',
      );
      const token = await openAsStranger(server, request.slug);
      for (const name of ['a.bin', 'b.bin']) {
        const sent = await sendFile(server, request.slug, token, {
          name,
          content: testBytes(20_000, 5),
        });
        expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      }
      const list = await member.client.get<RequestUploadList>(
        `/api/user/requests/${request.id}/uploads`,
      );
      const [first, second] = list.body.data.items;
      const base = `/api/user/requests/${request.id}/uploads`;
      const shared = await member.client.post<RequestUpload>(`${base}/${first?.id}/share`);
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      const refused = await member.client.post<RequestUpload>(`${base}/${second?.id}/share`);
      expect(refused.status).toBe(413);
      expect(refused.body.error).toBe('QUOTA_EXCEEDED');
      const after = await member.client.get<RequestUploadList>(
        `/api/user/requests/${request.id}/uploads`,
      );
      const unshared = after.body.data.items.find((item) => item.id === second?.id);
      expect(unshared).toMatchObject({ shared: false, file_id: null });
      const me = await member.client.get<AccountMe>('/api/account');
      expect(me.body.data).toMatchObject({ used_bytes: 20_000 });
    });

    it('needs a folder the owner may write', async () => {
      const { client: key } = await insertApiKey(server, {
        basicPath: `${mount.mountPath}/team`,
        file: true,
        mount: true,
      });
      const outside = await key.post('/api/user/requests', {
        title: 'Outside my path',
        target: { type: 'mount', path: `${mount.mountPath}/other` },
      });
      expect(outside.status, JSON.stringify(outside.body)).toBe(403);
      const missing = await admin.post('/api/admin/requests', {
        title: 'No such folder',
        target: { type: 'mount', path: `${mount.mountPath}/nowhere` },
      });
      expect(missing.status).toBe(404);
    });
  });
});
