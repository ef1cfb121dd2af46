import type { PasteDetail, PasteList, PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  createApiKey,
  createPaste,
  fromNow,
  HOUR,
  openPaste,
  uniqueSlug,
  viewsOf,
} from './builders';

describe('admin text management: listing', () => {
  let server: TestServer;
  let admin: ApiClient;
  const created: PasteDetail[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const key = await createApiKey(server);
    for (let i = 0; i < 12; i += 1) {
      server.clock.advance(1000);
      const client = i % 3 === 0 ? key.client : admin;
      created.push(await createPaste(client, { content: `entry ${i} ${'z'.repeat(300)}` }));
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every share, newest first, 10 a page by default', async () => {
    const res = await admin.get<PasteList>('/api/admin/pastes');
    expect(res.status).toBe(200);
    const { items, pagination } = res.body.data;
    expect(pagination).toEqual({ total: 12, limit: 10, offset: 0, page: 1, totalPages: 2 });
    expect(items.map((item) => item.slug)).toEqual(
      created
        .slice(2)
        .reverse()
        .map((paste) => paste.slug),
    );
    const page2 = await admin.get<PasteList>('/api/admin/pastes?page=2&limit=10');
    expect(page2.body.data.pagination).toMatchObject({ page: 2, offset: 10, total: 12 });
    expect(page2.body.data.items.map((item) => item.slug)).toEqual([
      created[1]?.slug,
      created[0]?.slug,
    ]);
    const small = await admin.get<PasteList>('/api/admin/pastes?page=3&limit=5');
    expect(small.body.data.items).toHaveLength(2);
    expect(small.body.data.pagination.totalPages).toBe(3);
  });

  it('answers list items with a preview, the size and no content or password hash', async () => {
    const res = await admin.get<PasteList>('/api/admin/pastes?limit=1');
    const item = res.body.data.items[0];
    const newest = created[11];
    expect(item).toMatchObject({ id: newest?.id, slug: newest?.slug, expired: false });
    expect(item?.preview).toHaveLength(200);
    expect(item?.size).toBe(newest?.content.length);
    expect(item).not.toHaveProperty('content');
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2/);
  });

  it('searches slug, remark and content, case-insensitively and literally', async () => {
    await createPaste(admin, { content: 'The Quick Brown Fox', remark: '100%_done' });
    const byContent = await admin.get<PasteList>('/api/admin/pastes?search=quick%20brown');
    expect(byContent.body.data.items).toHaveLength(1);
    const byRemark = await admin.get<PasteList>('/api/admin/pastes?search=0%25_d');
    expect(byRemark.body.data.items).toHaveLength(1);
    const wildcard = await admin.get<PasteList>('/api/admin/pastes?search=%25');
    expect(wildcard.body.data.pagination.total).toBe(1);
    const slug = created[4]?.slug ?? '';
    const bySlug = await admin.get<PasteList>(`/api/admin/pastes?search=${slug}`);
    expect(bySlug.body.data.items.map((item) => item.slug)).toEqual([slug]);
  });

  it('refuses a key user with 403 ADMIN_REQUIRED and anonymous callers with 401', async () => {
    const key = await createApiKey(server);
    const res = await key.client.get('/api/admin/pastes');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ADMIN_REQUIRED');
    const id = created[0]?.id ?? '';
    for (const call of [
      key.client.get(`/api/admin/pastes/${id}`),
      key.client.put(`/api/admin/pastes/${id}`, { remark: 'x' }),
      key.client.delete(`/api/admin/pastes/${id}`),
      key.client.post('/api/admin/pastes/batch-delete', { ids: [id] }),
      key.client.post('/api/admin/pastes/clear-expired', { clearExpired: true }),
    ]) {
      expect((await call).body.error).toBe('ADMIN_REQUIRED');
    }
    const anonymous = await server.anon.get('/api/admin/pastes');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('UNAUTHORIZED');
  });
});

describe('admin text management: one share', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads a share with its content without counting a view', async () => {
    const key = await createApiKey(server);
    const paste = await createPaste(key.client, {
      content: 'by key',
      password: 'pw-1',
      maxViews: 1,
    });
    const res = await admin.get<PasteDetail>(`/api/admin/pastes/${paste.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: paste.id,
      content: 'by key',
      hasPassword: true,
      created_by: key.creator,
    });
    expect(await viewsOf(server, paste.slug)).toBe(0);
    const missing = await admin.get('/api/admin/pastes/no-such-id');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('PASTE_NOT_FOUND');
  });

  it('updates content, slug, remark, format, expiry and views, bumping updatedAt', async () => {
    const paste = await createPaste(admin, { content: 'old', remark: 'old note' });
    server.clock.advance(5000);
    const slug = uniqueSlug('moved');
    const expiresAt = fromNow(server, HOUR);
    const res = await admin.put<PasteDetail>(`/api/admin/pastes/${paste.id}`, {
      content: 'new',
      slug,
      remark: '',
      format: 'text',
      expiresAt,
      maxViews: 4,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      slug,
      content: 'new',
      remark: null,
      format: 'text',
      expiresAt,
      maxViews: 4,
      createdAt: paste.createdAt,
      updatedAt: server.clock.now().toISOString(),
    });
    expect((await openPaste(server, paste.slug)).status).toBe(404);
    expect((await openPaste(server, slug)).body.data.content).toBe('new');

    const never = await admin.put<PasteDetail>(`/api/admin/pastes/${paste.id}`, {
      expiresAt: null,
      maxViews: 0,
    });
    expect(never.body.data).toMatchObject({ expiresAt: null, maxViews: 0, content: 'new' });
  });

  it('sets, keeps and clears a password', async () => {
    const paste = await createPaste(admin, { content: 'guarded' });
    const set = await admin.put<PasteDetail>(`/api/admin/pastes/${paste.id}`, {
      password: 'new-pass-1',
    });
    expect(set.body.data.hasPassword).toBe(true);
    expect((await openPaste(server, paste.slug)).body.data).not.toHaveProperty('content');
    const unlocked = await server.anon.post<PasteView>(`/api/paste/${paste.slug}`, {
      password: 'new-pass-1',
    });
    expect(unlocked.body.data.content).toBe('guarded');

    const kept = await admin.put<PasteDetail>(`/api/admin/pastes/${paste.id}`, {
      remark: 'r',
      password: '',
    });
    expect(kept.body.data.hasPassword).toBe(true);

    const cleared = await admin.put<PasteDetail>(`/api/admin/pastes/${paste.id}`, {
      clearPassword: true,
    });
    expect(cleared.body.data.hasPassword).toBe(false);
    expect((await openPaste(server, paste.slug)).body.data.content).toBe('guarded');
  });

  it('applies the slug rules on update: invalid, reserved, taken', async () => {
    const paste = await createPaste(admin);
    const other = await createPaste(admin);
    const cases = [
      { slug: 'bad slug', error: 'SLUG_INVALID', status: 400 },
      { slug: 'x'.repeat(51), error: 'SLUG_INVALID', status: 400 },
      { slug: 'admin', error: 'SLUG_RESERVED', status: 400 },
      { slug: other.slug, error: 'SLUG_TAKEN', status: 409 },
    ];
    for (const { slug, error, status } of cases) {
      const res = await admin.put(`/api/admin/pastes/${paste.id}`, { slug });
      expect(res.status, slug).toBe(status);
      expect(res.body.error).toBe(error);
    }
    const same = await admin.put<PasteDetail>(`/api/admin/pastes/${paste.id}`, {
      slug: paste.slug,
    });
    expect(same.status).toBe(200);
  });

  it('refuses empty content, a past expiry and an unknown id on update', async () => {
    const paste = await createPaste(admin);
    const empty = await admin.put(`/api/admin/pastes/${paste.id}`, { content: '  ' });
    expect(empty.body.error).toBe('CONTENT_EMPTY');
    const past = await admin.put(`/api/admin/pastes/${paste.id}`, {
      expiresAt: fromNow(server, -HOUR),
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('VALIDATION_FAILED');
    const missing = await admin.put('/api/admin/pastes/no-such-id', { remark: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('PASTE_NOT_FOUND');
  });
});
