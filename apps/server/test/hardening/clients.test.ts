import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

/** Clients written by others: they retry, log out on 401, and send numbers as strings. */
describe('clients as they are written in the wild', () => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('logout is idempotent: a revoked token, or none, still answers 200', async () => {
    const session = await server.admin();
    expect((await session.post('/api/admin/logout')).status).toBe(200);
    expect((await session.get('/api/test/admin-token')).status).toBe(401);
    // A client that logs out on 401 and retries would loop forever on a 401 here.
    for (let i = 0; i < 3; i += 1) {
      const again = await session.post('/api/admin/logout');
      expect(again.status).toBe(200);
      expect(again.body.success).toBe(true);
    }
    expect((await server.anon.post('/api/admin/logout')).status).toBe(200);
    expect((await server.anon.withAuth('Bearer made-up').post('/api/admin/logout')).status).toBe(
      200,
    );
    // Someone else's session is untouched by all of that.
    expect((await admin.get('/api/test/admin-token')).status).toBe(200);
  });

  it('reads a numeric string where a number is clearly meant', async () => {
    const paste = await admin.post<{ maxViews: number }>('/api/paste', {
      content: 'counted',
      maxViews: '3',
    });
    expect(paste.status).toBe(201);
    expect(paste.body.data.maxViews).toBe(3);

    const presign = await admin.post<{ file_id: string }>('/api/s3/presign', {
      filename: 'n.txt',
      size: '1024',
    });
    expect(presign.status).toBe(200);

    const listed = await admin.get<{ pagination: { limit: number } }>(
      '/api/admin/pastes?page=1&limit=5',
    );
    expect(listed.body.data.pagination.limit).toBe(5);
  });

  it('still refuses strings that are not plainly numbers, naming the field', async () => {
    for (const maxViews of ['3 views', '', '1e3', '0x10', '-1', '2147483648']) {
      const res = await admin.post('/api/paste', { content: 'x', maxViews });
      expect(res.status, `maxViews=${JSON.stringify(maxViews)}`).toBe(400);
      expect(res.body.details?.[0]?.path).toBe('maxViews');
    }
  });

  it('gets absolute upload links from the local driver, usable from anywhere', async () => {
    const presign = await admin.post<{ upload_url: string }>('/api/s3/presign', {
      filename: 'abs.txt',
      size: 3,
    });
    expect(presign.body.data.upload_url.startsWith(`${server.baseUrl}/api/`)).toBe(true);

    const init = await admin.post<{ file_id: string; upload_id: string }>(
      '/api/upload/multipart/init',
      { filename: 'abs.bin', size: 6 * 1024 * 1024 },
    );
    expect(init.status).toBe(200);
    const parts = await admin.post<{ urls: { url: string }[] }>('/api/upload/multipart/part-url', {
      file_id: init.body.data.file_id,
      upload_id: init.body.data.upload_id,
      part_numbers: [1, 2],
    });
    expect(parts.body.data.urls).toHaveLength(2);
    for (const part of parts.body.data.urls) {
      expect(part.url.startsWith(`${server.baseUrl}/api/`)).toBe(true);
    }
  });
});
