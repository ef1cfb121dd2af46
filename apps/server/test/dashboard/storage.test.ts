import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';
import { defaultConfigId, listConfigs, readStats } from './support';

async function createConfig(admin: ApiClient, body: Record<string, unknown>) {
  const res = await admin.post<StorageConfigItem>('/api/s3-configs', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Each storage config's usage (issue 11), agreeing with the storage-configs list. */
describe('dashboard stats: storage usage per config', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('answers one entry per config, default first then by name, with bytes, files and capacity', async () => {
    const localId = await defaultConfigId(admin);
    // Created out of name order, so the answer's order is the dashboard's own.
    const zulu = await createConfig(admin, {
      name: 'zulu archive',
      provider_type: 'local',
      root_path: 'zulu',
      total_storage_bytes: 5000,
    });
    const bucket = await createConfig(admin, {
      name: 'alpha bucket',
      provider_type: 'r2',
      endpoint_url: 'https://account.r2.cloudflarestorage.com',
      bucket_name: 'pastebox-files',
      access_key_id: 'AKIAEXAMPLE1234567890',
      secret_access_key: 'very-secret-key-value-0123456789',
      total_storage_bytes: 10 * 1024 ** 3,
    });
    const mike = await createConfig(admin, {
      name: 'Mike local',
      provider_type: 'local',
      root_path: 'mike',
    });

    await uploadShare(admin, { content: 'a'.repeat(100) });
    await uploadShare(admin, { content: 'b'.repeat(23) });
    await uploadShare(admin, { content: 'c'.repeat(1000), fields: { s3_config_id: zulu.id } });
    const removed = await uploadShare(admin, {
      content: 'd'.repeat(7),
      fields: { s3_config_id: zulu.id },
    });
    await uploadShare(admin, { content: 'e'.repeat(64), fields: { s3_config_id: zulu.id } });
    expect((await admin.delete(`/api/admin/files/${removed.id}`)).status).toBe(200);

    const stats = await readStats(admin);
    expect(stats.storage).toEqual([
      {
        config_id: localId,
        name: 'Local storage',
        provider_type: 'local',
        bucket_name: null,
        is_default: true,
        used_bytes: 123,
        capacity_bytes: null,
        file_count: 2,
      },
      {
        config_id: bucket.id,
        name: 'alpha bucket',
        provider_type: 'r2',
        bucket_name: 'pastebox-files',
        is_default: false,
        used_bytes: 0,
        capacity_bytes: 10 * 1024 ** 3,
        file_count: 0,
      },
      {
        config_id: mike.id,
        name: 'Mike local',
        provider_type: 'local',
        bucket_name: null,
        is_default: false,
        used_bytes: 0,
        capacity_bytes: null,
        file_count: 0,
      },
      {
        config_id: zulu.id,
        name: 'zulu archive',
        provider_type: 'local',
        bucket_name: null,
        is_default: false,
        used_bytes: 1064,
        capacity_bytes: 5000,
        file_count: 2,
      },
    ]);
    expect(stats.totals.storage_configs).toBe(4);

    // The storage-config page's used_bytes and the dashboard's are one figure.
    const listed = new Map((await listConfigs(admin)).map((item) => [item.id, item.used_bytes]));
    for (const usage of stats.storage) {
      expect(usage.used_bytes, usage.name).toBe(listed.get(usage.config_id));
    }
  });

  it('keeps the default first when another config becomes the default', async () => {
    const alpha = (await readStats(admin)).storage.find((item) => item.name === 'alpha bucket');
    expect(alpha).toBeDefined();
    const res = await admin.put(`/api/s3-configs/${alpha?.config_id}/set-default`);
    expect(res.status).toBe(200);
    const names = (await readStats(admin)).storage.map((item) => [item.name, item.is_default]);
    expect(names).toEqual([
      ['alpha bucket', true],
      ['Local storage', false],
      ['Mike local', false],
      ['zulu archive', false],
    ]);
  });
});
