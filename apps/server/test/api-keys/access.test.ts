import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createKey } from './builders';

describe('using an API key', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('GET /api/test/api-key answers its permissions and key_info', async () => {
    const expiresAt = new Date(server.clock.now().getTime() + 3_600_000).toISOString();
    const key = await createKey(admin, {
      text_permission: true,
      mount_permission: true,
      basic_path: '/team/',
      expires_at: expiresAt,
    });
    const res = await server.anon.withApiKey(key.key).get('/api/test/api-key');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      permissions: { text: true, file: false, mount: true },
      key_info: { id: key.id, name: key.name, basic_path: '/team', expires_at: expiresAt },
    });
  });

  it('refuses an unknown key with API_KEY_INVALID', async () => {
    const res = await server.anon.withApiKey('pb_not-a-real-key').get('/api/test/api-key');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('API_KEY_INVALID');
  });

  it('refuses a key once its expiry has passed, and the list says expired', async () => {
    const key = await createKey(admin, {
      text_permission: true,
      expires_at: new Date(server.clock.now().getTime() + 3_600_000).toISOString(),
    });
    const client = server.anon.withApiKey(key.key);
    expect((await client.get('/api/test/api-key')).status).toBe(200);

    server.clock.advance(3_600_000);
    const res = await client.get('/api/test/api-key');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('API_KEY_INVALID');
    const list = await admin.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(list.body.data.find((k) => k.id === key.id)?.expired).toBe(true);
  });

  it('brings an expired key back when the admin moves its expiry to the future', async () => {
    const key = await createKey(admin, {
      expires_at: new Date(server.clock.now().getTime() + 1000).toISOString(),
    });
    server.clock.advance(2000);
    const client = server.anon.withApiKey(key.key);
    expect((await client.get('/api/test/api-key')).status).toBe(401);
    await admin.put(`/api/admin/api-keys/${key.id}`, { expires_at: null });
    expect((await client.get('/api/test/api-key')).status).toBe(200);
  });

  it('writes last_used on use, at most once a minute', async () => {
    const key = await createKey(admin);
    const lastUsed = async () =>
      (await admin.get<ApiKeyItem[]>('/api/admin/api-keys')).body.data.find((k) => k.id === key.id)
        ?.last_used;
    expect(await lastUsed()).toBeNull();

    const client = server.anon.withApiKey(key.key);
    const firstUse = server.clock.now().toISOString();
    await client.get('/api/test/api-key');
    expect(await lastUsed()).toBe(firstUse);

    server.clock.advance(30_000);
    await client.get('/api/test/api-key');
    expect(await lastUsed()).toBe(firstUse);

    server.clock.advance(31_000);
    const laterUse = server.clock.now().toISOString();
    await client.get('/api/test/api-key');
    expect(await lastUsed()).toBe(laterUse);
  });

  it('does not write last_used for an expired key', async () => {
    const key = await createKey(admin, {
      expires_at: new Date(server.clock.now().getTime() + 1000).toISOString(),
    });
    server.clock.advance(1000);
    await server.anon.withApiKey(key.key).get('/api/test/api-key');
    const list = await admin.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(list.body.data.find((k) => k.id === key.id)?.last_used).toBeNull();
  });
});

describe('who may manage API keys', () => {
  let server: TestServer;
  let admin: ApiClient;
  let keyUser: ApiClient;
  let existing: ApiKeyItem;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    existing = await createKey(admin, {
      text_permission: true,
      file_permission: true,
      mount_permission: true,
    });
    keyUser = server.anon.withApiKey(existing.key);
  });
  afterAll(async () => {
    await server.close();
  });

  const calls = [
    ['GET', '/api/admin/api-keys', undefined],
    ['POST', '/api/admin/api-keys', { name: 'by-a-key' }],
    ['PUT', '/api/admin/api-keys/:id', { name: 'renamed-by-a-key' }],
    ['DELETE', '/api/admin/api-keys/:id', undefined],
  ] as const;

  it.each(calls)('%s %s as a key with every permission → 403 ADMIN_REQUIRED', async (m, p, b) => {
    const res = await keyUser.request(m, p.replace(':id', existing.id), b);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ADMIN_REQUIRED');
  });

  it.each(calls)('%s %s anonymously → 401 UNAUTHORIZED', async (m, p, b) => {
    const res = await server.anon.request(m, p.replace(':id', existing.id), b);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('a forbidden call changed nothing', async () => {
    const list = await admin.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]?.name).toBe(existing.name);
  });

  it('a bad admin token answers INVALID_TOKEN', async () => {
    const res = await server.anon.withAuth('Bearer stale').get('/api/admin/api-keys');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });
});
