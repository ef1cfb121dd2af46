import type {
  PublicFileRequest,
  RequestDownloadLink,
  RequestUpload,
  RequestUploadList,
} from '@pastebox/contract/schemas/file-request';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { filesOn, objectExists, testBytes } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import { createRequest, openAsStranger, sendFile, storedCounts } from './support';

forEachTarget('file requests into a storage config', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  it('takes a stranger’s files as private shares; type refused before storing', async () => {
    const request = await createRequest(admin, {
      title: 'Send me the photos',
      message: '**Thanks!**',
      allowed_types: ['image/*', '.pdf'],
      target: { type: 'storage', s3_config_id: configId },
      webhook_url: 'http://127.0.0.1:9/hook',
    });
    expect(request).toMatchObject({ state: 'open', kind: 'files', files_received: 0 });
    expect(request.url).toMatch(new RegExp(`/r/${request.slug}$`));
    expect(request.webhook_secret).toMatch(/^[\w-]{40,}$/);

    const shown = await server.anon.get<PublicFileRequest>(`/api/public/requests/${request.slug}`);
    expect(shown.body.data).toMatchObject({ title: 'Send me the photos', state: 'open' });

    const token = await openAsStranger(server, request.slug);
    const photo = testBytes(50_000);
    const sent = await sendFile(server, request.slug, token, {
      name: 'photo.jpg',
      type: 'image/jpeg',
      content: photo,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ filename: 'photo.jpg', size: 50_000 });
    const pdf = await sendFile(server, request.slug, token, { name: 'doc.PDF', type: 'x/y' });
    expect(pdf.status).toBe(201);

    const before = (await filesOn(server, configId)).length;
    const refused = await sendFile(server, request.slug, token, {
      name: 'run.exe',
      type: 'application/octet-stream',
      content: testBytes(10_000),
    });
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe('REQUEST_TYPE_REFUSED');
    expect((await filesOn(server, configId)).length).toBe(before);
    expect(await storedCounts(server, request.id)).toEqual({
      files_received: 2,
      bytes_received: 50_000 + 'hello request'.length,
      files_reserved: 0,
      bytes_reserved: 0,
    });

    const list = await admin.get<RequestUploadList>(`/api/admin/requests/${request.id}/uploads`);
    expect(list.body.data.items).toHaveLength(2);
    const upload = list.body.data.items.find((item) => item.filename === 'photo.jpg');
    expect(upload).toMatchObject({ kind: 'file', shared: false, share_url: null });
    const file = (await filesOn(server, configId)).find((row) => row.id === upload?.file_id);
    expect(file).toMatchObject({ private: 1, created_by: request.created_by });

    // Private: the public link does not open it for a stranger.
    const hidden = await server.anon.get(`/api/public/files/${file?.slug}`);
    expect(hidden.status).toBe(404);

    const link = await admin.get<RequestDownloadLink>(
      `/api/admin/requests/${request.id}/uploads/${upload?.id}/download`,
    );
    expect(link.status).toBe(200);
    const downloaded = Buffer.from(await (await fetch(link.body.data.url)).arrayBuffer());
    expect(downloaded.equals(photo)).toBe(true);

    const shared = await admin.post<RequestUpload>(
      `/api/admin/requests/${request.id}/uploads/${upload?.id}/share`,
    );
    expect(shared.body.data).toMatchObject({ shared: true });
    expect(shared.body.data.share_url).toContain(`/file/${file?.slug}`);
    expect((await server.anon.get(`/api/public/files/${file?.slug}`)).status).toBe(200);

    // The webhook was enqueued (its delivery is the webhooks module's, tested there).
    const deliveries = await server.deps.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'url'])
      .where('url', '=', 'http://127.0.0.1:9/hook')
      .execute();
    expect(deliveries.length).toBe(2);
    expect(deliveries[0]?.event).toBe('file_request.upload');

    const removed = await admin.delete(`/api/admin/requests/${request.id}/uploads/${upload?.id}`);
    expect(removed.status).toBe(200);
    expect(await objectExists(server, configId, file?.storage_path ?? '')).toBe(false);
  });

  it('holds max files and max bytes under 20 parallel uploaders', async () => {
    const byFiles = await createRequest(admin, {
      title: 'five files',
      max_files: 5,
      target: { type: 'storage', s3_config_id: configId },
    });
    const byBytes = await createRequest(admin, {
      title: 'a thousand bytes',
      max_total_bytes: 1000,
      target: { type: 'storage', s3_config_id: configId },
    });
    for (const [request, accepted, size] of [
      [byFiles, 5, 100],
      [byBytes, 3, 300],
    ] as const) {
      const token = await openAsStranger(server, request.slug);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          sendFile(server, request.slug, token, { name: `f${i}.bin`, content: testBytes(size, i) }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(accepted);
      expect(statuses.filter((status) => status === 409)).toHaveLength(20 - accepted);
      expect(await storedCounts(server, request.id)).toEqual({
        files_received: accepted,
        bytes_received: accepted * size,
        files_reserved: 0,
        bytes_reserved: 0,
      });
      const list = await admin.get<RequestUploadList>(`/api/admin/requests/${request.id}/uploads`);
      expect(list.body.data.pagination.total).toBe(accepted);
      const shown = await server.anon.get<PublicFileRequest>(
        `/api/public/requests/${request.slug}`,
      );
      // Five of five files: full; 900 of 1000 bytes: 100 left, too few for another 300.
      expect(shown.body.data).toMatchObject(
        request === byFiles ? { state: 'full', files_left: 0 } : { state: 'open', bytes_left: 100 },
      );
    }
  });

  it('refuses a file over the per-file size, and a lying size, leaving nothing', async () => {
    const request = await createRequest(admin, {
      title: 'small files',
      max_file_bytes: 1000,
      target: { type: 'storage', s3_config_id: configId },
    });
    const token = await openAsStranger(server, request.slug);
    const before = (await filesOn(server, configId)).length;
    const big = await sendFile(server, request.slug, token, { content: testBytes(2000) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('REQUEST_FILE_TOO_LARGE');
    const lying = await sendFile(server, request.slug, token, {
      content: testBytes(900),
      size: 100,
    });
    expect(lying.status).toBe(400);
    const unsized = await sendFile(server, request.slug, token, { size: null });
    expect(unsized.status).toBe(400);
    expect((await filesOn(server, configId)).length).toBe(before);
    expect(await storedCounts(server, request.id)).toMatchObject({
      files_received: 0,
      files_reserved: 0,
      bytes_reserved: 0,
    });
  });
});
