import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDriver } from '@/storage/local';
import { getDefaultStorage, getStorage } from '@/modules/storage-configs/service';
import type { ApiClient } from '../support/api-client';
import { uploadShare } from '../uploads/builders';
import { startTestServer, type TestServer } from '../support/test-server';

describe('storage configs: the default, deletion in use, the registry', () => {
  let server: TestServer;
  let admin: ApiClient;

  async function createLocal(name: string, extra: Record<string, unknown> = {}) {
    const res = await admin.post<StorageConfigItem>('/api/s3-configs', {
      name,
      provider_type: 'local',
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function defaults(): Promise<string[]> {
    const res = await admin.get<StorageConfigItem[]>('/api/s3-configs');
    return res.body.data.filter((config) => config.is_default).map((config) => config.id);
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('set-default moves the flag: exactly one default, listed first', async () => {
    const config = await createLocal('Next default');
    const res = await admin.put<StorageConfigItem>(`/api/s3-configs/${config.id}/set-default`);
    expect(res.status).toBe(200);
    expect(res.body.data.is_default).toBe(true);
    expect(await defaults()).toEqual([config.id]);
    const list = await admin.get<StorageConfigItem[]>('/api/s3-configs');
    expect(list.body.data[0]?.id).toBe(config.id);
    expect((await getDefaultStorage(server.deps)).config.id).toBe(config.id);
  });

  it('parallel set-default calls leave exactly one default', async () => {
    const configs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createLocal(`Race ${i}`)),
    );
    const answers = await Promise.all(
      configs.map((config) => admin.put(`/api/s3-configs/${config.id}/set-default`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(configs.map(() => 200));
    const now = await defaults();
    expect(now).toHaveLength(1);
    expect(configs.map((config) => config.id)).toContain(now[0]);
  });

  it('creating or updating with is_default: true takes the default; false on it is refused', async () => {
    const created = await createLocal('Born default', { is_default: true });
    expect(await defaults()).toEqual([created.id]);
    const other = await createLocal('Promoted');
    await admin.put(`/api/s3-configs/${other.id}`, { is_default: true });
    expect(await defaults()).toEqual([other.id]);
    const refused = await admin.put(`/api/s3-configs/${other.id}`, { is_default: false });
    expect(refused.status).toBe(400);
    expect(await defaults()).toEqual([other.id]);
  });

  it('set-default of an unknown config answers 404 and changes nothing', async () => {
    const before = await defaults();
    const res = await admin.put('/api/s3-configs/no-such-config/set-default');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('STORAGE_CONFIG_NOT_FOUND');
    expect(await defaults()).toEqual(before);
  });

  it('refuses deleting a config that files use, reports their bytes, allows it once unused', async () => {
    const config = await createLocal('In use');
    // Shares uploaded through the product move the config's capacity ledger (issue 29); a
    // row inserted behind its back counts only after a recount of the storage.
    const shares = [1500, 500].map((size) =>
      uploadShare(admin, { content: Buffer.alloc(size), fields: { s3_config_id: config.id } }),
    );
    const fileIds = (await Promise.all(shares)).map((share) => share.id);
    const answer = await admin.get<StorageConfigItem>(`/api/s3-configs/${config.id}`);
    expect(answer.body.data.used_bytes).toBe(2000);
    const refused = await admin.delete(`/api/s3-configs/${config.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('STORAGE_CONFIG_IN_USE');
    expect((await admin.get(`/api/s3-configs/${config.id}`)).status).toBe(200);
    await server.deps.db.deleteFrom('files').where('id', 'in', fileIds).execute();
    expect((await admin.delete(`/api/s3-configs/${config.id}`)).status).toBe(200);
  });

  it('the registry serves each config and follows its changes', async () => {
    const config = await createLocal('Moving', { root_path: 'first-root' });
    const before = (await getStorage(server.deps, config.id)).driver;
    expect(before).toBeInstanceOf(LocalDriver);
    expect((before as LocalDriver).root).toBe(`${server.dataDir}/first-root`);
    expect((await getStorage(server.deps, config.id)).driver).toBe(before);
    server.clock.advance(1000);
    await admin.put(`/api/s3-configs/${config.id}`, { root_path: 'second-root' });
    const after = (await getStorage(server.deps, config.id)).driver as LocalDriver;
    expect(after.root).toBe(`${server.dataDir}/second-root`);
    await expect(getStorage(server.deps, 'unknown')).rejects.toMatchObject({
      key: 'STORAGE_CONFIG_NOT_FOUND',
    });
  });
});
