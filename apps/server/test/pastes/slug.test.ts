import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createApiKey, createPaste, uniqueSlug } from './builders';

describe('custom slugs (SPEC §5)', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  it('accepts letters, digits, hyphen and underscore up to 50 characters', async () => {
    const slug = `Ab9_-${'x'.repeat(45)}`;
    expect(slug).toHaveLength(50);
    const paste = await createPaste(admin, { slug });
    expect(paste.slug).toBe(slug);
    const opened = await server.anon.get(`/api/paste/${slug}`);
    expect(opened.status).toBe(200);
  });

  it.each(['with space', 'dot.dot', 'slash/slash', 'ümlaut', 'emoji😀', 'semi;colon', '%20'])(
    'refuses %j with 400 SLUG_INVALID',
    async (slug) => {
      const res = await admin.post('/api/paste', { content: 'x', slug });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('SLUG_INVALID');
    },
  );

  it('refuses 51 characters with 400 SLUG_INVALID', async () => {
    const res = await admin.post('/api/paste', { content: 'x', slug: 'a'.repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('SLUG_INVALID');
  });

  it.each(['admin', 'api', 'raw', 'Admin', 'UPLOAD'])(
    'refuses the reserved word %j with 400 SLUG_RESERVED',
    async (slug) => {
      const res = await admin.post('/api/paste', { content: 'x', slug });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('SLUG_RESERVED');
    },
  );

  it('answers 409 SLUG_TAKEN when the slug exists, whoever created it', async () => {
    const slug = uniqueSlug('taken');
    await createPaste(admin, { slug, content: 'first' });
    const again = await admin.post('/api/paste', { content: 'second', slug });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('SLUG_TAKEN');

    const key = await createApiKey(server);
    const byKey = await key.client.post('/api/paste', { content: 'third', slug });
    expect(byKey.status).toBe(409);
    expect(byKey.body.error).toBe('SLUG_TAKEN');

    const original = await server.anon.get<{ content: string }>(`/api/paste/${slug}`);
    expect(original.body.data.content).toBe('first');
  });

  it('gives exactly one of several racing creators a contested slug', async () => {
    const slug = uniqueSlug('race');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => admin.post('/api/paste', { content: `${i}`, slug })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
  });
});
