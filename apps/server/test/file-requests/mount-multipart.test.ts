import type {
  RequestReceipt,
  RequestUploadList,
  RequestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import type { MultipartSession, PartUrlResult } from '@pastebox/contract/schemas/upload';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  eachStorage,
  MIB,
  postFsForm,
  serverWithMount,
  storedBytes,
  type MountedStorage,
} from '../fs/uploads-support';
import { putTo, testBytes } from '../uploads/builders';
import { createRequest, storedCounts } from './support';

/** A client that sends the stranger's token header with every call. */
function strangerClient(server: TestServer, token: string): ApiClient {
  const client = new ApiClient(server.baseUrl);
  const raw = client.raw.bind(client);
  client.raw = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-request-token', token);
    return raw(path, { ...init, headers });
  };
  return client;
}

/** The capacity the storage ledger holds reserved for uploads in flight on `configId`. */
async function ledgerReserved(server: TestServer, configId: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('storage_usage')
    .select('reserved_bytes')
    .where('config_id', '=', configId)
    .executeTakeFirst();
  return Number(row?.reserved_bytes ?? 0);
}

eachStorage((target) => {
  describe(`resumable uploads through a request into a mount folder [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    serverWithMount(target, (opened) => ({ server, admin, mount } = opened));

    it('init, some parts, resume, complete: byte-identical in the folder, renamed', async () => {
      const folder = `${mount.mountPath}/big`;
      expect((await admin.post('/api/admin/fs/mkdir', { path: folder })).status).toBeLessThan(300);
      // A file of that name is there already: the upload takes the next free name.
      const existing = await postFsForm(admin, { path: `${folder}/`, filename: 'video.mp4' });
      expect(existing.status).toBeLessThan(300);
      const size = 6 * MIB;
      const request = await createRequest(admin, {
        title: 'Large files into a folder',
        max_total_bytes: 7 * MIB,
        target: { type: 'mount', path: folder },
      });
      const opened = await server.anon.post<RequestUploadToken>(
        `/api/public/requests/${request.slug}/open`,
        {},
      );
      expect(opened.body.data.multipart).toBe(true);
      const stranger = strangerClient(server, opened.body.data.token);
      const base = `/api/public/requests/${request.slug}/multipart`;
      const init = await stranger.post<MultipartSession>(`${base}/init`, {
        filename: 'video.mp4',
        mimetype: 'video/mp4',
        size,
      });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      const session = init.body.data;
      expect(session.part_count).toBeGreaterThan(1);
      expect(await storedCounts(server, request.id)).toMatchObject({
        files_reserved: 1,
        bytes_reserved: size,
      });
      const second = await stranger.post(`${base}/init`, { filename: 'b.bin', size: 2 * MIB });
      expect(second.body.error).toBe('REQUEST_LIMIT_REACHED');

      const content = testBytes(size, 3);
      const sendPart = async (part: number) => {
        const urls = await stranger.post<PartUrlResult>(`${base}/part-url`, {
          file_id: session.file_id,
          upload_id: session.upload_id,
          part_number: part,
        });
        expect(urls.status, JSON.stringify(urls.body)).toBe(200);
        const start = (part - 1) * session.part_size;
        const put = await putTo(
          server,
          urls.body.data.urls[0] ?? { url: '' },
          content.subarray(start, start + session.part_size),
        );
        expect(put.status).toBe(200);
      };
      await sendPart(1);
      // Resume: the stored parts are listed, the rest is sent.
      const resumed = await stranger.get<MultipartSession>(`${base}/${session.file_id}/parts`);
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.data.parts.map((part) => part.partNumber)).toEqual([1]);
      for (let part = 2; part <= session.part_count; part += 1) {
        await sendPart(part);
      }
      const listed = await stranger.get<MultipartSession>(`${base}/${session.file_id}/parts`);
      const parts = listed.body.data.parts.map(({ partNumber, etag }) => ({ partNumber, etag }));
      expect(parts).toHaveLength(session.part_count);

      const done = await stranger.post<RequestReceipt>(`${base}/complete`, {
        file_id: session.file_id,
        upload_id: session.upload_id,
        parts,
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data).toMatchObject({ filename: 'video (1).mp4', size });
      const stored = await storedBytes(mount.driver, mount.keyOf(`${folder}/video (1).mp4`));
      expect(stored.equals(content)).toBe(true);
      expect(await storedCounts(server, request.id)).toEqual({
        files_received: 1,
        bytes_received: size,
        files_reserved: 0,
        bytes_reserved: 0,
      });
      const list = await admin.get<RequestUploadList>(`/api/admin/requests/${request.id}/uploads`);
      expect(list.body.data.items[0]).toMatchObject({
        mount_path: `${folder}/video (1).mp4`,
        file_id: null,
        size,
      });
      expect(await ledgerReserved(server, mount.configId)).toBe(0);
    });

    it('abort gives the reservation back, on the request and on the storage', async () => {
      const request = await createRequest(admin, {
        title: 'Cancelled',
        max_total_bytes: 2 * MIB,
        target: { type: 'mount', path: mount.mountPath },
      });
      const opened = await server.anon.post<RequestUploadToken>(
        `/api/public/requests/${request.slug}/open`,
        {},
      );
      const stranger = strangerClient(server, opened.body.data.token);
      const base = `/api/public/requests/${request.slug}/multipart`;
      const init = await stranger.post<MultipartSession>(`${base}/init`, {
        filename: 'half.bin',
        size: MIB + 10,
      });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      expect(await ledgerReserved(server, mount.configId)).toBe(MIB + 10);
      const aborted = await stranger.post(`${base}/abort`, {
        file_id: init.body.data.file_id,
        upload_id: init.body.data.upload_id,
      });
      expect(aborted.status, JSON.stringify(aborted.body)).toBe(200);
      expect(await storedCounts(server, request.id)).toMatchObject({
        files_reserved: 0,
        bytes_reserved: 0,
      });
      expect(await ledgerReserved(server, mount.configId)).toBe(0);
      const gone = await stranger.get(`${base}/${init.body.data.file_id}/parts`);
      expect(gone.body.error).toBe('UPLOAD_NOT_FOUND');
      // The whole allowance is there again.
      const again = await stranger.post(`${base}/init`, { filename: 'full.bin', size: 2 * MIB });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    });
  });
});
