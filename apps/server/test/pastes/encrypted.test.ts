import { openBytes, sealBytes } from '@pastebox/contract/e2e/blob';
import { decodeBase64Url, encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import type { PasteDetail, PasteList, PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

const SECRET = 'the launch code is 0000, tell no one';

/**
 * End-to-end encrypted text shares on the server (issue 35, docs/encryption.md): the server
 * takes a sealed blob and a flag, checks that the blob is one, stores and serves it as it
 * came, and never shows any of it as text.
 */
describe('encrypted pastes', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  async function sealed(text: string, key: Uint8Array) {
    return encodeBase64Url(await sealBytes(new TextEncoder().encode(text), key));
  }

  function storedRow(id: string) {
    return server.deps.db.selectFrom('pastes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  it('stores the blob as sent, serves it flagged, and it opens with the key only', async () => {
    const key = newFragmentKey();
    const blob = await sealed(SECRET, key);
    const res = await admin.post<PasteDetail>('/api/paste', { content: blob, encrypted: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ content: blob, encrypted: true });
    const row = await storedRow(res.body.data.id);
    expect(row).toMatchObject({ content: blob, encrypted: 1 });
    expect(JSON.stringify(row)).not.toContain('launch code');

    const read = await server.anon.get<PasteView>(`/api/paste/${res.body.data.slug}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ content: blob, encrypted: true });
    const bytes = decodeBase64Url(read.body.data.content ?? '') ?? new Uint8Array();
    expect(new TextDecoder().decode(await openBytes(bytes, key))).toBe(SECRET);
    await expect(openBytes(bytes, newFragmentKey())).rejects.toThrow(/key or password is wrong/);
  });

  it('refuses text sent as encrypted, and stores nothing', async () => {
    const before = await server.deps.db
      .selectFrom('pastes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const content of [SECRET, encodeBase64Url(new TextEncoder().encode(SECRET)), 'PBE1']) {
      const res = await admin.post('/api/paste', { content, encrypted: true });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    const after = await server.deps.db
      .selectFrom('pastes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lists metadata only: no preview of the blob; plain shares carry no flag', async () => {
    const blob = await sealed(SECRET, newFragmentKey());
    const encrypted = await admin.post<PasteDetail>('/api/paste', {
      content: blob,
      encrypted: true,
      remark: 'sealed-list',
    });
    const plain = await admin.post<PasteDetail>('/api/paste', {
      content: 'plain words',
      remark: 'plain-list',
    });
    const list = await admin.get<PasteList>('/api/admin/pastes?limit=100');
    const item = list.body.data.items.find((i) => i.id === encrypted.body.data.id);
    expect(item).toMatchObject({ encrypted: true, preview: '' });
    const plainItem = list.body.data.items.find((i) => i.id === plain.body.data.id);
    expect(plainItem?.preview).toBe('plain words');
    expect(plainItem).not.toHaveProperty('encrypted');
    expect(plain.body.data).not.toHaveProperty('encrypted');
  });

  it('keeps an encrypted share encrypted: new content must be sealed too', async () => {
    const key = newFragmentKey();
    const created = await admin.post<PasteDetail>('/api/paste', {
      content: await sealed('first', key),
      encrypted: true,
    });
    const path = `/api/admin/pastes/${created.body.data.id}`;
    const refused = await admin.put(path, { content: 'now in the clear' });
    expect(refused.status).toBe(400);
    const next = await sealed('second', key);
    const changed = await admin.put<PasteDetail>(path, { content: next });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ content: next, encrypted: true });
  });

  async function createSealed(options: Record<string, unknown>) {
    const created = await admin.post<PasteDetail>('/api/paste', {
      content: await sealed(SECRET, newFragmentKey()),
      encrypted: true,
      ...options,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }

  it('burns after reading: a view limit of 1 opens once, then the share is gone', async () => {
    const paste = await createSealed({ maxViews: 1 });
    const first = await server.anon.get<PasteView>(`/api/paste/${paste.slug}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ content: paste.content, encrypted: true, views: 1 });
    // Nothing left to read: no raw link, and no row holding the ciphertext.
    expect(first.body.data.rawUrl).toBeUndefined();
    expect(await storedRow(paste.id)).toBeUndefined();
    const second = await server.anon.get(`/api/paste/${paste.slug}`);
    expect(second.status).toBe(404);
    expect(second.body.error).toBe('PASTE_NOT_FOUND');
  });

  it('burns on the last of several views, on the raw read and behind a password', async () => {
    const twice = await createSealed({ maxViews: 2 });
    expect((await server.anon.get(`/api/paste/${twice.slug}`)).status).toBe(200);
    expect(await storedRow(twice.id)).toMatchObject({ views: 1 });
    const raw = await server.anon.raw(`/api/raw/${twice.slug}`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe(twice.content);
    expect(await storedRow(twice.id)).toBeUndefined();

    const locked = await createSealed({ maxViews: 1, password: 'open sesame' });
    const metadata = await server.anon.get<PasteView>(`/api/paste/${locked.slug}`);
    expect(metadata.body.data.content).toBeUndefined();
    expect(await storedRow(locked.id)).toMatchObject({ views: 0 });
    const opened = await server.anon.post<PasteView>(`/api/paste/${locked.slug}`, {
      password: 'open sesame',
    });
    expect(opened.status).toBe(200);
    expect(opened.body.data.content).toBe(locked.content);
    expect(await storedRow(locked.id)).toBeUndefined();
  });

  it("never burns on the owner's read, nor a plain share that runs out", async () => {
    const mine = await createSealed({ maxViews: 1 });
    const own = await admin.get<PasteView>(`/api/paste/${mine.slug}`);
    expect(own.status).toBe(200);
    expect(await storedRow(mine.id)).toMatchObject({ views: 0 });

    const plain = await admin.post<PasteDetail>('/api/paste', { content: SECRET, maxViews: 1 });
    expect((await server.anon.get(`/api/paste/${plain.body.data.slug}`)).status).toBe(200);
    expect(await storedRow(plain.body.data.id)).toMatchObject({ views: 1 });
    const second = await server.anon.get(`/api/paste/${plain.body.data.slug}`);
    expect(second.status).toBe(410);
    expect(second.body.error).toBe('VIEW_LIMIT_REACHED');
  });
});
