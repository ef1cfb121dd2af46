import type { PasteDetail, PasteList } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createApiKey, createPaste, fromNow, HOUR, openPaste, type TestKey } from './builders';

describe('key users: /api/user/pastes', () => {
  let server: TestServer;
  let admin: ApiClient;
  let owner: TestKey;
  let other: TestKey;
  const own: PasteDetail[] = [];
  let othersPaste: PasteDetail;
  let adminsPaste: PasteDetail;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    owner = await createApiKey(server);
    other = await createApiKey(server);
    for (let i = 0; i < 5; i += 1) {
      server.clock.advance(1000);
      own.push(await createPaste(owner.client, { content: `own ${i}` }));
    }
    othersPaste = await createPaste(other.client, { content: 'not yours' });
    adminsPaste = await createPaste(admin, { content: 'the admin’s' });
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists only the key's own shares, newest first, with limit and offset", async () => {
    const res = await owner.client.get<PasteList>('/api/user/pastes');
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({
      total: 5,
      limit: 10,
      offset: 0,
      page: 1,
      totalPages: 1,
    });
    expect(res.body.data.items.map((item) => item.id)).toEqual(
      [...own].reverse().map((paste) => paste.id),
    );
    const page = await owner.client.get<PasteList>('/api/user/pastes?limit=2&offset=2');
    expect(page.body.data.items.map((item) => item.id)).toEqual([own[2]?.id, own[1]?.id]);
    expect(page.body.data.pagination).toMatchObject({ page: 2, totalPages: 3, total: 5 });

    const search = await owner.client.get<PasteList>('/api/user/pastes?search=yours');
    expect(search.body.data.items).toEqual([]);
  });

  it('reads, updates and deletes its own share', async () => {
    const paste = await createPaste(owner.client, { content: 'mine', maxViews: 1 });
    const read = await owner.client.get<PasteDetail>(`/api/user/pastes/${paste.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: paste.id, content: 'mine' });

    const expiresAt = fromNow(server, HOUR);
    const updated = await owner.client.put<PasteDetail>(`/api/user/pastes/${paste.id}`, {
      content: 'edited',
      remark: 'note',
      expiresAt,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ content: 'edited', remark: 'note', expiresAt });

    const deleted = await owner.client.delete<{ deleted: number }>(`/api/user/pastes/${paste.id}`);
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect((await openPaste(server, paste.slug)).status).toBe(404);
  });

  it("answers 404 for another key's share and the admin's, leaving them untouched", async () => {
    for (const paste of [othersPaste, adminsPaste]) {
      const calls = [
        owner.client.get(`/api/user/pastes/${paste.id}`),
        owner.client.put(`/api/user/pastes/${paste.id}`, { content: 'hijacked' }),
        owner.client.delete(`/api/user/pastes/${paste.id}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('PASTE_NOT_FOUND');
      }
      const intact = await admin.get<PasteDetail>(`/api/admin/pastes/${paste.id}`);
      expect(intact.body.data.content).toBe(paste.content);
    }
  });

  it('batch-deletes only its own shares among the ids', async () => {
    const mine = await createPaste(owner.client);
    const res = await owner.client.post<{ deleted: number }>('/api/user/pastes/batch-delete', {
      ids: [mine.id, othersPaste.id, adminsPaste.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: 1 });
    const survivors = await server.deps.db
      .selectFrom('pastes')
      .select('id')
      .where('id', 'in', [mine.id, othersPaste.id, adminsPaste.id])
      .execute();
    expect(survivors.map((row) => row.id).sort()).toEqual([othersPaste.id, adminsPaste.id].sort());
  });

  it('cannot take a slug held by someone else on update', async () => {
    const mine = await createPaste(owner.client);
    const res = await owner.client.put(`/api/user/pastes/${mine.id}`, { slug: othersPaste.slug });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('SLUG_TAKEN');
  });

  it('cannot use the admin family: 403 ADMIN_REQUIRED', async () => {
    const res = await owner.client.get('/api/admin/pastes');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ADMIN_REQUIRED');
  });

  it('needs a key with text permission: 401 anonymous, 403 without text, 401 expired', async () => {
    const anonymous = await server.anon.get('/api/user/pastes');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('UNAUTHORIZED');

    const fileOnly = await createApiKey(server, { text: false, file: true });
    for (const call of [
      fileOnly.client.get('/api/user/pastes'),
      fileOnly.client.get(`/api/user/pastes/${own[0]?.id}`),
      fileOnly.client.put(`/api/user/pastes/${own[0]?.id}`, { remark: 'x' }),
      fileOnly.client.delete(`/api/user/pastes/${own[0]?.id}`),
      fileOnly.client.post('/api/user/pastes/batch-delete', { ids: [own[0]?.id] }),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('TEXT_PERMISSION_REQUIRED');
    }

    const expiring = await createApiKey(server, { expiresAt: fromNow(server, HOUR) });
    expect((await expiring.client.get('/api/user/pastes')).status).toBe(200);
    server.clock.advance(HOUR);
    const expired = await expiring.client.get('/api/user/pastes');
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('API_KEY_INVALID');
  });

  it('refuses the admin token here with 403, not a 401 that would log it out', async () => {
    const res = await admin.get('/api/user/pastes');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });
});
