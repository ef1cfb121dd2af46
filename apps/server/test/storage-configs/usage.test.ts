import {
  BUILT_IN_LOCAL_STORAGE_NAME,
  type StorageConfigItem,
} from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMount } from '../mounts/support';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';

/**
 * What each config holds — its file shares and mounts — answered with the list, so the
 * panel can say why a config cannot be deleted before the admin tries.
 */
describe('storage configs API: file and mount counts', () => {
  let server: TestServer;
  let admin: ApiClient;

  const list = async () => (await admin.get<StorageConfigItem[]>('/api/s3-configs')).body.data;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('the built-in config carries the shared built-in name and holds nothing at first', async () => {
    const [builtIn] = await list();
    expect(builtIn).toMatchObject({
      name: BUILT_IN_LOCAL_STORAGE_NAME,
      provider_type: 'local',
      is_default: true,
      file_count: 0,
      mount_count: 0,
    });
  });

  it('counts the file shares and mounts of every config, in the list and for one config', async () => {
    const created = await admin.post<StorageConfigItem>('/api/s3-configs', {
      name: 'Second disk',
      provider_type: 'local',
    });
    expect(created.status).toBe(201);
    const second = created.body.data;
    const builtIn = (await list()).find((config) => config.is_default);
    expect(builtIn).toBeDefined();
    const builtInId = builtIn?.id ?? '';

    await uploadShare(admin, { content: 'abc' });
    await uploadShare(admin, { content: 'defgh' });
    await uploadShare(admin, { content: '12', fields: { s3_config_id: second.id } });
    await createMount(admin, second.id);
    await createMount(admin, second.id);

    const counts = (await list()).map((config) => ({
      id: config.id,
      used_bytes: config.used_bytes,
      file_count: config.file_count,
      mount_count: config.mount_count,
    }));
    expect(counts).toEqual([
      { id: builtInId, used_bytes: 8, file_count: 2, mount_count: 0 },
      { id: second.id, used_bytes: 2, file_count: 1, mount_count: 2 },
    ]);
    const one = await admin.get<StorageConfigItem>(`/api/s3-configs/${second.id}`);
    expect(one.body.data).toMatchObject({ file_count: 1, mount_count: 2 });
  });
});
