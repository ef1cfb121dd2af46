import type { AccountItem, AccountMe } from '@pastebox/contract/schemas/account';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { createMember, signIn } from './builders';

/** Members (issue 32): their own panel, their own shares and keys, never beyond their rights. */
describe(`members (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('signs in on the same login call, as a member, and reads its own rights', async () => {
    const member = await createMember(admin, { file_permission: false, basic_path: '/team' });
    const me = await member.client.get<AccountMe>('/api/account');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      username: member.username,
      role: 'member',
      permissions: { text: true, file: false, mount: true },
      basic_path: '/team',
      used_bytes: 0,
    });
    // The admin's check of its token says no, without signing the member out (403, not 401).
    const check = await member.client.get('/api/test/admin-token');
    expect(check.status).toBe(403);
    expect((await member.client.get('/api/admin/pastes')).status).toBe(403);
  });

  it('sees and changes only its own shares', async () => {
    const member = await createMember(admin);
    const other = await createMember(admin);
    const adminPaste = await admin.post<{ id: string; slug: string }>('/api/paste', {
      content: 'admin secret',
    });
    const own = await member.client.post<{ id: string }>('/api/paste', { content: 'mine' });
    expect(own.status).toBe(201);
    const list = await member.client.get<{ items: { id: string }[] }>('/api/user/pastes');
    expect(list.body.data.items.map((item) => item.id)).toEqual([own.body.data.id]);
    // Another member's and the admin's shares are out of reach, in every verb.
    for (const client of [member.client, other.client]) {
      expect((await client.get(`/api/user/pastes/${adminPaste.body.data.id}`)).status).toBe(404);
      expect((await client.delete(`/api/user/pastes/${adminPaste.body.data.id}`)).status).toBe(404);
    }
    expect(
      (await other.client.put(`/api/user/pastes/${own.body.data.id}`, { content: 'x' })).status,
    ).toBe(404);
    expect((await other.client.delete(`/api/user/pastes/${own.body.data.id}`)).status).toBe(404);
    // The admin sees every share, the member's among them.
    const all = await admin.get<{ items: { id: string }[] }>('/api/admin/pastes?limit=100');
    expect(all.body.data.items.map((item) => item.id)).toContain(own.body.data.id);
  });

  it('refuses what its permissions do not allow', async () => {
    const member = await createMember(admin, { text_permission: false });
    const res = await member.client.post('/api/paste', { content: 'no' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('TEXT_PERMISSION_REQUIRED');
  });

  it('makes keys within its rights only, and its keys follow it', async () => {
    const member = await createMember(admin, { file_permission: false, basic_path: '/team' });
    const tooWide = await member.client.post('/api/account/api-keys', {
      name: `wide-${member.username}`,
      text_permission: true,
      file_permission: true,
    });
    expect(tooWide.status).toBe(403);
    const outside = await member.client.post('/api/account/api-keys', {
      name: `outside-${member.username}`,
      text_permission: true,
      basic_path: '/elsewhere',
    });
    expect(outside.status).toBe(403);
    const created = await member.client.post<ApiKeyItem>('/api/account/api-keys', {
      name: `key-${member.username}`,
      text_permission: true,
      basic_path: '/team/sub',
    });
    expect(created.status).toBe(201);
    const key = server.anon.withApiKey(created.body.data.key);
    const viaKey = await key.post<{ id: string }>('/api/paste', { content: 'by my key' });
    expect(viaKey.status).toBe(201);
    // What its keys made is the member's too.
    const list = await member.client.get<{ items: { id: string }[] }>('/api/user/pastes');
    expect(list.body.data.items.map((item) => item.id)).toContain(viaKey.body.data.id);
    // Its own list holds its keys only; another member cannot touch them.
    const keys = await member.client.get<ApiKeyItem[]>('/api/account/api-keys');
    expect(keys.body.data.map((item) => item.id)).toEqual([created.body.data.id]);
    const other = await createMember(admin);
    expect((await other.client.get<ApiKeyItem[]>('/api/account/api-keys')).body.data).toEqual([]);
    expect(
      (await other.client.delete(`/api/account/api-keys/${created.body.data.id}`)).status,
    ).toBe(404);
    expect(
      (
        await other.client.put(`/api/account/api-keys/${created.body.data.id}`, {
          text_permission: false,
        })
      ).status,
    ).toBe(404);

    // Narrowing the member narrows the key at once.
    const narrowed = await admin.put<AccountItem>(`/api/admin/accounts/${member.id}`, {
      text_permission: false,
    });
    expect(narrowed.status).toBe(200);
    const refused = await key.post('/api/paste', { content: 'no longer' });
    expect(refused.status).toBe(403);
    const info = await key.get<{ permissions: { text: boolean } }>('/api/test/api-key');
    expect(info.body.data.permissions.text).toBe(false);
  });

  it('ends a disabled member’s sessions and keys at once, and refuses its sign-in', async () => {
    const member = await createMember(admin);
    const created = await member.client.post<ApiKeyItem>('/api/account/api-keys', {
      name: `k-${member.username}`,
      text_permission: true,
    });
    const key = server.anon.withApiKey(created.body.data.key);
    expect((await key.get('/api/test/api-key')).status).toBe(200);

    const disabled = await admin.put<AccountItem>(`/api/admin/accounts/${member.id}`, {
      disabled: true,
    });
    expect(disabled.body.data.disabled).toBe(true);
    expect((await member.client.get('/api/account')).status).toBe(401);
    expect((await key.get('/api/test/api-key')).status).toBe(401);
    const login = await server.anon.post('/api/admin/login', {
      username: member.username,
      password: member.password,
    });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('ACCOUNT_DISABLED');
    const dav = await server.anon.raw('/dav/', {
      method: 'PROPFIND',
      headers: {
        Depth: '0',
        authorization: `Basic ${Buffer.from(`${member.username}:${member.password}`).toString('base64')}`,
      },
    });
    expect(dav.status).toBe(401);

    // Enabled again: the key works again; the ended session stays ended.
    await admin.put(`/api/admin/accounts/${member.id}`, { disabled: false });
    expect((await key.get('/api/test/api-key')).status).toBe(200);
    expect((await member.client.get('/api/account')).status).toBe(401);
    const again = await signIn(server.anon, member.username, member.password);
    expect((await again.get('/api/account')).status).toBe(200);
  });
});
