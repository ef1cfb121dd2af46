import type { MountItem } from '@pastebox/contract/schemas/mount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { createMount, mountKeyClient, mountPaths } from './support';

/**
 * SPEC §6: only the admin manages mounts; a key with mount permission reads the mounts at
 * or under its basic_path and those above it on the way down; a key without it gets 403.
 */
describe('user/mounts and who may write mounts', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  const byPath: Record<string, MountItem> = {};
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    configId = (await storageTargets()[0]!.createConfig(admin)).id;
    for (const [mount_path, sort_order] of [
      ['/team', 1],
      ['/team-b', 2],
      ['/photos', 0],
      ['/deep/a/b', 3],
      ['/deep/c', 4],
    ] as const) {
      byPath[mount_path] = await createMount(admin, configId, { mount_path, sort_order });
    }
  });
  afterAll(() => server.close());

  const listed = async (client: ApiClient) => {
    const res = await client.get<MountItem[]>('/api/user/mounts');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((mount) => mount.mount_path);
  };

  it('a key at / sees every mount, in explorer order', async () => {
    const { client } = await mountKeyClient(admin);
    expect(await listed(client)).toEqual(await mountPaths(admin));
  });

  it('a key sees the mounts under its base path, and those it lies under', async () => {
    const cases: [string, string[]][] = [
      ['/team', ['/team']],
      ['/team/docs/2024', ['/team']],
      ['/deep', ['/deep/a/b', '/deep/c']],
      ['/deep/a', ['/deep/a/b']],
      ['/deep/a/b/c', ['/deep/a/b']],
      ['/nowhere', []],
      // A character prefix is not a path prefix: /team does not grant /team-b.
      ['/tea', []],
    ];
    for (const [basicPath, expected] of cases) {
      const { client } = await mountKeyClient(admin, { basicPath });
      expect(await listed(client), basicPath).toEqual(expected);
    }
  });

  it('a key reads one mount it sees; any other id is a 404, like an unknown one', async () => {
    const { client } = await mountKeyClient(admin, { basicPath: '/team/docs' });
    const team = byPath['/team']!;
    const own = await client.get<MountItem>(`/api/user/mounts/${team.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(team);
    for (const id of [byPath['/team-b']!.id, byPath['/photos']!.id, 'no-such-mount']) {
      const res = await client.get(`/api/user/mounts/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('MOUNT_NOT_FOUND');
    }
  });

  it('a key gets 403 on every write, whatever the body, and nothing changes', async () => {
    const { client } = await mountKeyClient(admin);
    const before = await mountPaths(admin);
    const team = byPath['/team']!;
    const valid = { name: 'Mine', mount_path: '/mine', storage_config_id: configId };
    const writes = [
      () => client.post('/api/admin/mounts', valid),
      () => client.post('/api/admin/mounts', { name: '', mount_path: 'bad' }),
      () => client.put(`/api/admin/mounts/${team.id}`, { is_active: false }),
      () => client.put(`/api/admin/mounts/${team.id}`, { cache_ttl: -1 }),
      () => client.delete(`/api/admin/mounts/${team.id}`),
      () => client.post('/api/user/mounts', valid),
      () => client.put(`/api/user/mounts/${team.id}`, { is_active: false }),
      () => client.delete(`/api/user/mounts/${team.id}`),
      () => client.get('/api/admin/mounts'),
      () => client.get(`/api/admin/mounts/${team.id}`),
      () => client.post('/api/admin/cache/clear'),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.status, JSON.stringify(res.body)).toBe(403);
    }
    expect(await mountPaths(admin)).toEqual(before);
    expect((await admin.get<MountItem>(`/api/admin/mounts/${team.id}`)).body.data).toEqual(team);
  });

  it('a key without mount permission gets 403 MOUNT_PERMISSION_REQUIRED', async () => {
    const { client } = await mountKeyClient(admin, { mount: false });
    for (const res of [
      await client.get('/api/user/mounts'),
      await client.get(`/api/user/mounts/${byPath['/team']!.id}`),
      await client.post('/api/user/cache/clear'),
      await client.post('/api/user/mounts', { name: 'x' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('MOUNT_PERMISSION_REQUIRED');
    }
  });

  it('anonymous callers get 401; the admin uses the admin family, not user/', async () => {
    for (const path of ['/api/admin/mounts', '/api/user/mounts', `/api/user/mounts/x`]) {
      expect((await server.anon.get(path)).status, path).toBe(401);
    }
    expect((await server.anon.post('/api/admin/mounts', {})).status).toBe(401);
    expect((await server.anon.post('/api/admin/cache/clear')).status).toBe(401);
    expect((await server.anon.post('/api/user/cache/clear')).status).toBe(401);
    expect((await admin.get('/api/user/mounts')).status).toBe(403);
    expect((await admin.post('/api/user/cache/clear')).status).toBe(403);
  });
});
