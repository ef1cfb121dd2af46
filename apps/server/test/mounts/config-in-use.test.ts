import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { createMount, postMount } from './support';

/** SPEC §7: a storage config that a mount uses cannot be deleted; the refusal says why. */
describe('deleting a storage config that mounts use', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const createConfig = () => storageTargets()[0]!.createConfig(admin);
  const configExists = async (id: string) =>
    (await admin.get<StorageConfigItem>(`/api/s3-configs/${id}`)).status === 200;

  it('is refused with 409 STORAGE_CONFIG_HAS_MOUNTS while a mount uses it', async () => {
    const config = await createConfig();
    await createMount(admin, config.id);
    await createMount(admin, config.id);
    const refused = await admin.delete(`/api/s3-configs/${config.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('STORAGE_CONFIG_HAS_MOUNTS');
    expect(refused.body.message).toBe(
      'Mounts still use this storage config; delete or change them first (2 mounts)',
    );
    expect(await configExists(config.id)).toBe(true);
  });

  it('succeeds once the mounts are deleted or moved to another config', async () => {
    const config = await createConfig();
    const other = await createConfig();
    const deleted = await createMount(admin, config.id);
    const moved = await createMount(admin, config.id);
    expect((await admin.delete(`/api/admin/mounts/${deleted.id}`)).status).toBe(200);
    const stillOne = await admin.delete(`/api/s3-configs/${config.id}`);
    expect(stillOne.status).toBe(409);
    expect(stillOne.body.message).toContain('(1 mount)');
    const put = await admin.put(`/api/admin/mounts/${moved.id}`, { s3_config_id: other.id });
    expect(put.status).toBe(200);
    const res = await admin.delete(`/api/s3-configs/${config.id}`);
    expect(res.status).toBe(200);
    expect(await configExists(config.id)).toBe(false);
    // The config the mount moved to is now the one in use.
    expect((await admin.delete(`/api/s3-configs/${other.id}`)).status).toBe(409);
  });

  it('a mount made while the config is deleted: one of the two wins, never a 5xx', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const config = await createConfig();
        const [mount, removal] = await Promise.all([
          postMount(admin, config.id, { mount_path: `/race${i}` }),
          admin.delete(`/api/s3-configs/${config.id}`),
        ]);
        return `${mount.status} ${removal.status} ${removal.body.error ?? ''}`.trim();
      }),
    );
    for (const outcome of outcomes) {
      expect(['201 409 STORAGE_CONFIG_HAS_MOUNTS', '404 200']).toContain(outcome);
    }
  });

  it('an inactive mount still holds its config', async () => {
    const config = await createConfig();
    await createMount(admin, config.id, { is_active: false });
    const refused = await admin.delete(`/api/s3-configs/${config.id}`);
    expect(refused.body.error).toBe('STORAGE_CONFIG_HAS_MOUNTS');
  });
});
