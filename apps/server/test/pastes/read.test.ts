import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createApiKey, createPaste, openPaste, uniqueSlug, viewsOf } from './builders';

describe('GET /api/paste/{slug}', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the content to anyone and counts one view per read', async () => {
    const paste = await createPaste(admin, { content: 'public text', remark: 'r' });
    const first = await openPaste(server, paste.slug);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      slug: paste.slug,
      content: 'public text',
      remark: 'r',
      hasPassword: false,
      views: 1,
      canEdit: false,
    });
    expect(first.body.data.id).toBeUndefined();
    const second = await openPaste(server, paste.slug);
    expect(second.body.data.views).toBe(2);
    expect(await viewsOf(server, paste.slug)).toBe(2);
  });

  it('answers exactly the whitelisted fields', async () => {
    const paste = await createPaste(admin, { password: 'pw-123456' });
    const res = await openPaste(server, paste.slug);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'canEdit',
        'createdAt',
        'created_by',
        'expiresAt',
        'format',
        'hasPassword',
        'maxViews',
        'remark',
        'slug',
        'updatedAt',
        'views',
      ].sort(),
    );
  });

  it('answers 404 PASTE_NOT_FOUND for an unknown slug', async () => {
    const res = await openPaste(server, uniqueSlug('none'));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('PASTE_NOT_FOUND');
  });

  it('gives the admin the content without a password or a counted view, editable', async () => {
    const paste = await createPaste(admin, { content: 'mine', password: 'pw-123456', maxViews: 1 });
    for (let i = 0; i < 3; i += 1) {
      const res = await admin.get<PasteView>(`/api/paste/${paste.slug}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ content: 'mine', canEdit: true, id: paste.id });
    }
    expect(await viewsOf(server, paste.slug)).toBe(0);
    const stranger = await openPaste(server, paste.slug);
    expect(stranger.body.data.content).toBeUndefined();
  });

  it('gives the creating key the same, but not another key', async () => {
    const creator = await createApiKey(server);
    const other = await createApiKey(server);
    const paste = await createPaste(creator.client, { content: 'by key', maxViews: 3 });

    const own = await creator.client.get<PasteView>(`/api/paste/${paste.slug}`);
    expect(own.body.data).toMatchObject({ content: 'by key', canEdit: true, id: paste.id });
    expect(await viewsOf(server, paste.slug)).toBe(0);

    const foreign = await other.client.get<PasteView>(`/api/paste/${paste.slug}`);
    expect(foreign.body.data).toMatchObject({ content: 'by key', canEdit: false });
    expect(foreign.body.data.id).toBeUndefined();
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });

  it('does not treat a creating key that lost its text permission as the owner', async () => {
    const creator = await createApiKey(server);
    const paste = await createPaste(creator.client, { content: 'by key' });
    await server.deps.db
      .updateTable('api_keys')
      .set({ text_permission: 0 })
      .where('id', '=', creator.id)
      .execute();
    // A change behind the API's back reaches the app through the revocation epoch, which it
    // reads at most once a second (lib/principal-cache.ts).
    server.clock.advance(1_000);
    const res = await creator.client.get<PasteView>(`/api/paste/${paste.slug}`);
    expect(res.body.data.canEdit).toBe(false);
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });
});

describe('GET /api/raw/{slug}', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the bare content as text/plain, nosniff, counting a view', async () => {
    const content = '<script>alert(1)</script>\n# 标题 ✓';
    const paste = await createPaste(admin, { content });
    const res = await server.anon.raw(`/api/raw/${paste.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(content);
    expect(await viewsOf(server, paste.slug)).toBe(1);
    await server.anon.raw(`/api/raw/${paste.slug}`);
    expect(await viewsOf(server, paste.slug)).toBe(2);
  });

  it('needs the password in the query for a protected share', async () => {
    const paste = await createPaste(admin, { content: 'locked', password: 'pw-123456' });

    const missing = await server.anon.raw(`/api/raw/${paste.slug}`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await missing.json()) as { error: string }).error).toBe('WRONG_PASSWORD');

    const wrong = await server.anon.raw(`/api/raw/${paste.slug}?password=nope`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('WRONG_PASSWORD');
    expect(await viewsOf(server, paste.slug)).toBe(0);

    const right = await server.anon.raw(`/api/raw/${paste.slug}?password=pw-123456`);
    expect(right.status).toBe(200);
    expect(await right.text()).toBe('locked');
    expect(await viewsOf(server, paste.slug)).toBe(1);
  });

  it('answers 404 as an envelope for an unknown slug', async () => {
    const res = await server.anon.raw(`/api/raw/${uniqueSlug('none')}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('PASTE_NOT_FOUND');
  });
});
