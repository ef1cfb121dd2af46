import { LIMITS } from '@pastebox/contract/limits';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createApiKey, createPaste, fromNow, HOUR, uniqueSlug } from './builders';

describe('POST /api/paste', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a share with every option and answers 201 with its view and id', async () => {
    const slug = uniqueSlug('all');
    const expiresAt = fromNow(server, 2 * HOUR);
    const res = await admin.post<PasteDetail>('/api/paste', {
      content: '# Title\n\nBody',
      slug,
      remark: 'a note',
      password: 'secret-1',
      expiresAt,
      maxViews: 5,
      format: 'text',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ code: 201, success: true });
    const paste = res.body.data;
    expect(paste).toMatchObject({
      slug,
      content: '# Title\n\nBody',
      format: 'text',
      remark: 'a note',
      hasPassword: true,
      expiresAt,
      maxViews: 5,
      views: 0,
    });
    expect(paste.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(paste.createdAt).toBe(server.clock.now().toISOString());
    expect(paste.updatedAt).toBe(paste.createdAt);
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2/);

    const adminInfo = await admin.get<{ id: string }>('/api/test/admin-token');
    expect(paste.created_by).toBe(adminInfo.body.data.id);
  });

  it('defaults to a random slug, markdown, no password, no expiry, unlimited views', async () => {
    const paste = await createPaste(admin, { content: 'plain' });
    expect(paste.slug).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(paste).toMatchObject({
      format: 'markdown',
      remark: null,
      hasPassword: false,
      expiresAt: null,
      maxViews: 0,
      views: 0,
    });
    const other = await createPaste(admin, { content: 'plain', slug: '', password: '' });
    expect(other.slug).not.toBe(paste.slug);
    expect(other.hasPassword).toBe(false);
  });

  it('accepts the snake_case aliases expires_at and max_views', async () => {
    const expiresAt = fromNow(server, HOUR);
    const paste = await createPaste(admin, { expires_at: expiresAt, max_views: 2 });
    expect(paste).toMatchObject({ expiresAt, maxViews: 2 });
  });

  it('stores an expiry given with an offset as UTC', async () => {
    const paste = await createPaste(admin, { expiresAt: '2099-01-01T10:00:00+02:00' });
    expect(paste.expiresAt).toBe('2099-01-01T08:00:00.000Z');
  });

  it('refuses an expiry in the past and negative max views', async () => {
    const past = await admin.post('/api/paste', {
      content: 'x',
      expiresAt: fromNow(server, -1000),
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('VALIDATION_FAILED');
    const negative = await admin.post('/api/paste', { content: 'x', maxViews: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toBe('VALIDATION_FAILED');
  });

  it('refuses empty and whitespace-only content (SPEC §5)', async () => {
    for (const content of ['', '   \n\t ']) {
      const res = await admin.post('/api/paste', { content });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('CONTENT_EMPTY');
    }
    const missing = await admin.post('/api/paste', { slug: uniqueSlug() });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('VALIDATION_FAILED');
  });

  it('refuses content over the byte limit with 413, multi-byte characters counted as bytes', async () => {
    const tooLarge = await admin.post('/api/paste', {
      content: 'a'.repeat(LIMITS.pasteMaxBytes + 1),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe('CONTENT_TOO_LARGE');

    // 3 bytes per character: under the limit in characters, over it in bytes.
    const wide = '界'.repeat(Math.floor(LIMITS.pasteMaxBytes / 3) + 1);
    const wideRes = await admin.post('/api/paste', { content: wide });
    expect(wideRes.status).toBe(413);

    const atLimit = await admin.post('/api/paste', { content: 'a'.repeat(LIMITS.pasteMaxBytes) });
    expect(atLimit.status).toBe(201);
  });

  it('refuses a body far over the limit before parsing it', async () => {
    // Not even JSON: only a limit applied before parsing can answer 413 instead of 400.
    const res = await admin.raw('/api/paste', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(LIMITS.pasteMaxBytes * 3),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('CONTENT_TOO_LARGE');
  });

  it('refuses anonymous callers with 401 UNAUTHORIZED', async () => {
    const res = await server.anon.post('/api/paste', { content: 'x' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('lets a key with text permission create, recording it as apikey:{id}', async () => {
    const key = await createApiKey(server);
    const paste = await createPaste(key.client, { content: 'from a key' });
    expect(paste.created_by).toBe(key.creator);
  });

  it('refuses a key without text permission with 403 TEXT_PERMISSION_REQUIRED', async () => {
    const key = await createApiKey(server, { text: false, file: true });
    const res = await key.client.post('/api/paste', { content: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('TEXT_PERMISSION_REQUIRED');
  });

  it('refuses an expired key with 401 API_KEY_INVALID', async () => {
    const key = await createApiKey(server, { expiresAt: fromNow(server, HOUR) });
    await createPaste(key.client);
    server.clock.advance(HOUR + 1000);
    const res = await key.client.post('/api/paste', { content: 'x' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('API_KEY_INVALID');
  });

  it('refuses an unknown key with 401 API_KEY_INVALID', async () => {
    const res = await server.anon.withApiKey('no-such-key').post('/api/paste', { content: 'x' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('API_KEY_INVALID');
  });
});
