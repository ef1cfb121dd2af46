import { randomUUID } from 'node:crypto';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDefaultStorage } from '@/modules/storage-configs/service';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';

describe('file shares when things go wrong', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  /** A share whose object lives on an S3 endpoint nobody answers (port 9 is closed). */
  async function shareOnDeadStorage(): Promise<string> {
    const res = await admin.post<StorageConfigItem>('/api/s3-configs', {
      name: `dead-${randomUUID().slice(0, 8)}`,
      provider_type: 'other',
      endpoint_url: 'http://127.0.0.1:9',
      region: 'us-east-1',
      bucket_name: 'nowhere',
      path_style: true,
      access_key_id: 'key',
      secret_access_key: 'secret',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = randomUUID();
    const now = server.clock.now().toISOString();
    await server.deps.db
      .insertInto('files')
      .values({
        id,
        slug: `dead-${id.slice(0, 8)}`,
        s3_config_id: res.body.data.id,
        path: '/',
        storage_path: 'kept.bin',
        filename: 'kept.bin',
        mimetype: 'application/octet-stream',
        size: 3,
        etag: null,
        remark: null,
        password_hash: null,
        expires_at: null,
        max_views: 0,
        created_by: 'admin',
        status: 'ready',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  it('keeps the row and reports when the object cannot be deleted', async () => {
    const id = await shareOnDeadStorage();
    const res = await admin.delete(`/api/admin/files/${id}`);
    // Nothing answers at the endpoint: a storage outage, which the client may retry
    // (issue 34); a storage that answers and refuses is 502 FILE_DELETE_FAILED.
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('STORAGE_UNAVAILABLE');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await admin.get(`/api/admin/files/${id}`)).status).toBe(200);
    const healthy = await uploadShare(admin);
    const batch = await admin.post('/api/admin/files/batch-delete', { ids: [id, healthy.id] });
    expect(batch.body.data).toEqual({ deleted: 1, failed: 1 });
    expect((await admin.get(`/api/admin/files/${id}`)).status).toBe(200);
  });

  it('limits wrong share passwords per address (429 after 20 failures)', async () => {
    const file = await uploadShare(admin, { fields: { password: 'right-one' } });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const wrong =
        attempt % 2 === 0
          ? (await server.anon.post(`/api/public/files/${file.slug}/verify`, { password: 'x' }))
              .status
          : (await server.anon.raw(`/api/file-download/${file.slug}?password=x`)).status;
      expect(wrong).toBe(401);
    }
    const limited = await server.anon.post(`/api/public/files/${file.slug}/verify`, {
      password: 'right-one',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RATE_LIMITED');
    server.clock.advance(15 * 60_000);
    const later = await server.anon.post(`/api/public/files/${file.slug}/verify`, {
      password: 'right-one',
    });
    expect(later.status).toBe(200);
  });

  it('a share whose object vanished answers 404, not a broken stream', async () => {
    const file = await uploadShare(admin);
    const { driver } = await getDefaultStorage(server.deps);
    await driver.delete([file.storage_path]);
    const res = await fetch(file.downloadUrl ?? '');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('FILE_NOT_FOUND');
  });
});
