import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createKey, uniqueKeyName } from './builders';

const DAY_MS = 86_400_000;

describe('listing, updating and deleting API keys', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every key with its clear key and boolean permissions, newest first', async () => {
    const older = await createKey(admin, { text_permission: true, custom_key: 'listed-older' });
    server.clock.advance(1000);
    const newer = await createKey(admin, { file_permission: true, basic_path: '/team' });

    const res = await admin.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((k) => k.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const listedOlder = res.body.data.find((k) => k.id === older.id);
    expect(listedOlder).toEqual({
      id: older.id,
      name: older.name,
      key: 'listed-older',
      expires_at: null,
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      basic_path: '/',
      created_at: older.created_at,
      last_used: null,
      expired: false,
    });
    const listedNewer = res.body.data.find((k) => k.id === newer.id);
    expect(listedNewer?.key).toBe(newer.key);
    expect(listedNewer?.file_permission).toBe(true);
    expect(listedNewer?.basic_path).toBe('/team');
  });

  it('marks a key whose expiry has passed as expired', async () => {
    const key = await createKey(admin, {
      expires_at: new Date(server.clock.now().getTime() + 60_000).toISOString(),
    });
    server.clock.advance(60_001);
    const res = await admin.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(res.body.data.find((k) => k.id === key.id)?.expired).toBe(true);
  });

  it('renames a key', async () => {
    const key = await createKey(admin);
    const name = uniqueKeyName('renamed');
    const res = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, { name });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe(name);
    expect(res.body.data.key).toBe(key.key);
    const list = await admin.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(list.body.data.find((k) => k.id === key.id)?.name).toBe(name);
  });

  it('keeps its own name without complaint and refuses another key name', async () => {
    const key = await createKey(admin);
    const other = await createKey(admin);
    const same = await admin.put(`/api/admin/api-keys/${key.id}`, { name: key.name });
    expect(same.status).toBe(200);
    const clash = await admin.put(`/api/admin/api-keys/${key.id}`, { name: other.name });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('KEY_NAME_TAKEN');
  });

  it('refuses a blank name on update', async () => {
    const key = await createKey(admin);
    const res = await admin.put(`/api/admin/api-keys/${key.id}`, { name: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
  });

  it('changes the expiry, to a date and back to never', async () => {
    const key = await createKey(admin);
    const at = new Date(server.clock.now().getTime() + 7 * DAY_MS).toISOString();
    const dated = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, { expires_at: at });
    expect(dated.body.data.expires_at).toBe(at);
    const never = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, {
      expires_at: null,
    });
    expect(never.body.data.expires_at).toBeNull();
  });

  it('refuses a past expiry on update', async () => {
    const key = await createKey(admin);
    const res = await admin.put(`/api/admin/api-keys/${key.id}`, {
      expires_at: new Date(server.clock.now().getTime() - DAY_MS).toISOString(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
  });

  it('changes each permission on its own, leaving the others', async () => {
    const key = await createKey(admin);
    const text = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, {
      text_permission: true,
    });
    expect(text.body.data).toMatchObject({
      text_permission: true,
      file_permission: false,
      mount_permission: false,
    });
    const file = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, {
      file_permission: true,
    });
    expect(file.body.data).toMatchObject({ text_permission: true, file_permission: true });
    const mount = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, {
      mount_permission: true,
      text_permission: false,
    });
    expect(mount.body.data).toMatchObject({
      text_permission: false,
      file_permission: true,
      mount_permission: true,
    });
    const permissions = await admin
      .withApiKey(key.key)
      .get<{ permissions: unknown }>('/api/test/api-key');
    expect(permissions.body.data.permissions).toEqual({ text: false, file: true, mount: true });
  });

  it('changes and normalises the basic_path, and refuses a bad one', async () => {
    const key = await createKey(admin);
    const res = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, {
      basic_path: '/projects//alpha/',
    });
    expect(res.body.data.basic_path).toBe('/projects/alpha');
    const bad = await admin.put(`/api/admin/api-keys/${key.id}`, { basic_path: '/x/../..' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('BASIC_PATH_INVALID');
  });

  it('answers the key unchanged for an empty update', async () => {
    const key = await createKey(admin, { text_permission: true });
    const res = await admin.put<ApiKeyItem>(`/api/admin/api-keys/${key.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(key);
  });

  it('answers API_KEY_NOT_FOUND when updating or deleting an unknown key', async () => {
    const put = await admin.put('/api/admin/api-keys/no-such-key', { name: 'x' });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('API_KEY_NOT_FOUND');
    const del = await admin.delete('/api/admin/api-keys/no-such-key');
    expect(del.status).toBe(404);
    expect(del.body.error).toBe('API_KEY_NOT_FOUND');
  });

  it('deletes a key: gone from the list, refused at once, and a second delete is a 404', async () => {
    const key = await createKey(admin, { text_permission: true });
    expect((await admin.withApiKey(key.key).get('/api/test/api-key')).status).toBe(200);

    const res = await admin.delete(`/api/admin/api-keys/${key.id}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    const list = await admin.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(list.body.data.map((k) => k.id)).not.toContain(key.id);
    const use = await admin.withApiKey(key.key).get('/api/test/api-key');
    expect(use.status).toBe(401);
    expect(use.body.error).toBe('API_KEY_INVALID');
    expect((await admin.delete(`/api/admin/api-keys/${key.id}`)).status).toBe(404);
  });

  it('frees a deleted key name and custom key for reuse', async () => {
    const key = await createKey(admin, { custom_key: 'reusable-key' });
    await admin.delete(`/api/admin/api-keys/${key.id}`);
    const again = await createKey(admin, { name: key.name, custom_key: 'reusable-key' });
    expect(again.id).not.toBe(key.id);
  });
});
