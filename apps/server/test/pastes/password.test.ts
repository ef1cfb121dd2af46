import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@/lib/rate-limit';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createApiKey, createPaste, openPaste, uniqueSlug, viewsOf } from './builders';

const PASSWORD = 'open-sesame-1';

describe('password-protected shares', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('GET answers the metadata only, without counting a view', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD, remark: 'r' });
    const res = await openPaste(server, paste.slug);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: paste.slug, hasPassword: true, remark: 'r' });
    expect(res.body.data).not.toHaveProperty('content');
    expect(await viewsOf(server, paste.slug)).toBe(0);
  });

  it('a wrong password is 401 WRONG_PASSWORD and leaves the caller logged in', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const reader = await createApiKey(server);
    const res = await reader.client.post(`/api/paste/${paste.slug}`, { password: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'WRONG_PASSWORD' });
    expect(await viewsOf(server, paste.slug)).toBe(0);
    expect((await reader.client.get('/api/test/api-key')).status).toBe(200);

    const anonymous = await server.anon.post(`/api/paste/${paste.slug}`, { password: 'wrong' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('WRONG_PASSWORD');
  });

  it('the admin owner reads a protected share whatever password it sends', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const res = await admin.post<PasteView>(`/api/paste/${paste.slug}`, { password: 'wrong' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ content: 'secret', canEdit: true });
    expect(await viewsOf(server, paste.slug)).toBe(0);
  });

  it('the right password answers the content and counts one view', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const res = await server.anon.post<PasteView>(`/api/paste/${paste.slug}`, {
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ content: 'secret', hasPassword: true, views: 1 });
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });

  it('POST on a share without a password answers its content', async () => {
    const paste = await createPaste(admin, { content: 'open' });
    const res = await server.anon.post<PasteView>(`/api/paste/${paste.slug}`, { password: '' });
    expect(res.status).toBe(200);
    expect(res.body.data.content).toBe('open');
  });

  it('POST on an unknown slug is 404 PASTE_NOT_FOUND', async () => {
    const res = await server.anon.post(`/api/paste/${uniqueSlug('none')}`, { password: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('PASTE_NOT_FOUND');
  });

  it('stores the password hashed, never in clear', async () => {
    const paste = await createPaste(admin, { password: PASSWORD });
    const row = await server.deps.db
      .selectFrom('pastes')
      .select('password_hash')
      .where('id', '=', paste.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });
});

describe('share-password rate limit', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 RATE_LIMITED once the failures are used up, even to the right password', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const limit = RATE_LIMITS.sharePassword.limit;
    for (let i = 0; i < limit; i += 1) {
      const res = await server.anon.post(`/api/paste/${paste.slug}`, { password: `bad-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await server.anon.post(`/api/paste/${paste.slug}`, { password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('RATE_LIMITED');

    // The raw link shares the same counter: it is no way around the limit.
    const raw = await server.anon.raw(`/api/raw/${paste.slug}?password=${PASSWORD}`);
    expect(raw.status).toBe(429);
    expect(await viewsOf(server, paste.slug)).toBe(0);

    server.clock.advance(RATE_LIMITS.sharePassword.windowMs + 1000);
    const later = await server.anon.post<PasteView>(`/api/paste/${paste.slug}`, {
      password: PASSWORD,
    });
    expect(later.status).toBe(200);
    expect(later.body.data.content).toBe('secret');
  });

  it('counts wrong raw passwords too', async () => {
    const paste = await createPaste(admin, { content: 'secret', password: PASSWORD });
    const limit = RATE_LIMITS.sharePassword.limit;
    for (let i = 0; i < limit; i += 1) {
      const res = await server.anon.raw(`/api/raw/${paste.slug}?password=bad-${i}`);
      expect(res.status).toBe(401);
    }
    const blocked = await server.anon.post(`/api/paste/${paste.slug}`, { password: PASSWORD });
    expect(blocked.status).toBe(429);
  });
});
