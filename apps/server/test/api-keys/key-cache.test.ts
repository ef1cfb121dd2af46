import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPAL_TTL_MS } from '@/lib/principal-cache';
import { epochOf, passEpochRefresh, startTwoApps, type TwoApps } from '../auth/two-apps';
import type { ApiClient } from '../support/api-client';
import { dialect } from '../support/test-server';
import { createKey } from './builders';

const CHECK = '/api/test/api-key';

interface KeyInfo {
  basic_path: string;
  permissions: { text: boolean; file: boolean; mount: boolean };
}

/**
 * API keys are cached in each process (issue 12) and revoked through the database's
 * revocation epoch (DESIGN §1): a change through this app holds at once, a change through
 * another app on the same database once this one reads the epoch again (each second).
 */
describe(`cached API keys (${dialect})`, () => {
  let apps: TwoApps;
  let adminOne: ApiClient;
  let adminTwo: ApiClient;
  beforeAll(async () => {
    apps = await startTwoApps();
    adminOne = await apps.one.admin();
    adminTwo = await apps.two.admin();
  });
  afterAll(async () => {
    await apps.close();
  });

  it('refuses a key at once after it is deleted through the same app', async () => {
    const key = await createKey(adminOne, { text_permission: true });
    const client = apps.one.anon.withApiKey(key.key);
    expect((await client.get(CHECK)).status).toBe(200);
    expect((await adminOne.delete(`/api/admin/api-keys/${key.id}`)).status).toBe(200);
    const res = await client.get(CHECK);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('API_KEY_INVALID');
  });

  it('refuses a key deleted through the other app once the epoch is read again', async () => {
    const key = await createKey(adminOne, { text_permission: true });
    const client = apps.one.anon.withApiKey(key.key);
    expect((await client.get(CHECK)).status).toBe(200);
    const before = await epochOf(apps.one);
    expect((await adminTwo.delete(`/api/admin/api-keys/${key.id}`)).status).toBe(200);
    expect(await epochOf(apps.one)).toBeGreaterThan(before);
    // Within the second this app still trusts its copy (the cache is really in use).
    expect((await client.get(CHECK)).status).toBe(200);

    passEpochRefresh(apps.one);
    expect((await client.get(CHECK)).status).toBe(401);
  });

  it('answers new permissions and base path at once after an edit on the same app', async () => {
    const key = await createKey(adminOne, { text_permission: true, basic_path: '/a' });
    const client = apps.one.anon.withApiKey(key.key);
    expect((await client.get<KeyInfo>(CHECK)).body.data.basic_path).toBe('/a');
    await adminOne.put(`/api/admin/api-keys/${key.id}`, {
      text_permission: false,
      file_permission: true,
      basic_path: '/b',
    });
    const res = await client.get<KeyInfo>(CHECK);
    expect(res.body.data.basic_path).toBe('/b');
    expect(res.body.data.permissions).toEqual({ text: false, file: true, mount: false });
  });

  it('answers an edit through the other app once the epoch is read again', async () => {
    const key = await createKey(adminOne, { text_permission: true });
    const client = apps.one.anon.withApiKey(key.key);
    expect((await client.get<KeyInfo>(CHECK)).body.data.permissions.text).toBe(true);
    await adminTwo.put(`/api/admin/api-keys/${key.id}`, { text_permission: false });
    passEpochRefresh(apps.one);
    expect((await client.get<KeyInfo>(CHECK)).body.data.permissions.text).toBe(false);
  });

  it('ends a cached key at its own expiry, before the cache would drop it', async () => {
    const soon = new Date(apps.one.clock.now().getTime() + PRINCIPAL_TTL_MS / 3);
    const key = await createKey(adminOne, { text_permission: true });
    const client = apps.one.anon.withApiKey(key.key);
    expect((await client.get(CHECK)).status).toBe(200);
    await adminOne.put(`/api/admin/api-keys/${key.id}`, { expires_at: soon.toISOString() });
    expect((await client.get(CHECK)).status).toBe(200);
    apps.one.clock.advance(PRINCIPAL_TTL_MS / 3);
    expect((await client.get(CHECK)).status).toBe(401);
  });

  it('does not move the epoch on use (last_used), nor when a key is created', async () => {
    const before = await epochOf(apps.one);
    const key = await createKey(adminOne, { text_permission: true });
    expect((await apps.one.anon.withApiKey(key.key).get(CHECK)).status).toBe(200);
    const listed = await adminOne.get<ApiKeyItem[]>('/api/admin/api-keys');
    expect(listed.body.data.find((k) => k.id === key.id)?.last_used).not.toBeNull();
    expect(await epochOf(apps.one)).toBe(before);
  });

  it('writes last_used once a minute across both apps, cached or not', async () => {
    const key = await createKey(adminOne, { text_permission: true });
    const lastUsed = async () =>
      (await adminOne.get<ApiKeyItem[]>('/api/admin/api-keys')).body.data.find(
        (k) => k.id === key.id,
      )?.last_used;
    const viaOne = apps.one.anon.withApiKey(key.key);
    const viaTwo = apps.two.anon.withApiKey(key.key);
    // The two apps' clocks set to the same instant, as two machines' would roughly be.
    const gap = apps.one.clock.now().getTime() - apps.two.clock.now().getTime();
    (gap > 0 ? apps.two : apps.one).clock.advance(Math.abs(gap));
    const firstUse = apps.one.clock.now().toISOString();
    await viaOne.get(CHECK);
    expect(await lastUsed()).toBe(firstUse);

    // Within the minute the other app, which never saw the key, writes nothing.
    apps.two.clock.advance(20_000);
    await viaTwo.get(CHECK);
    expect(await lastUsed()).toBe(firstUse);

    apps.one.clock.advance(61_000);
    const laterUse = apps.one.clock.now().toISOString();
    await viaOne.get(CHECK);
    expect(await lastUsed()).toBe(laterUse);
  });
});
