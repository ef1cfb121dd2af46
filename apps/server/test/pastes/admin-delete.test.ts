import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { createApiKey, createPaste, fromNow, HOUR, openPaste } from './builders';

describe('admin text management: deleting', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
  });

  async function exists(id: string): Promise<boolean> {
    const row = await server.deps.db
      .selectFrom('pastes')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  it('deletes one share, any creator, and 404s the second time', async () => {
    const key = await createApiKey(server);
    const paste = await createPaste(key.client);
    const res = await admin.delete<{ deleted: number }>(`/api/admin/pastes/${paste.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: 1 });
    expect((await openPaste(server, paste.slug)).status).toBe(404);
    const again = await admin.delete(`/api/admin/pastes/${paste.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('PASTE_NOT_FOUND');
  });

  it('batch-deletes the given ids and answers how many went', async () => {
    const doomed = [await createPaste(admin), await createPaste(admin), await createPaste(admin)];
    const kept = await createPaste(admin);
    const res = await admin.post<{ deleted: number }>('/api/admin/pastes/batch-delete', {
      ids: [...doomed.map((paste) => paste.id), doomed[0]?.id, 'no-such-id'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: 3 });
    for (const paste of doomed) {
      expect(await exists(paste.id)).toBe(false);
    }
    expect(await exists(kept.id)).toBe(true);
  });

  it('refuses an empty batch with 400 VALIDATION_FAILED', async () => {
    const res = await admin.post('/api/admin/pastes/batch-delete', { ids: [] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
  });

  it('clear-expired deletes the expired and the exhausted shares only', async () => {
    await server.deps.db.deleteFrom('pastes').execute();
    const expiring = await createPaste(admin, { expiresAt: fromNow(server, HOUR) });
    const exhausted = await createPaste(admin, { maxViews: 1 });
    const live = await createPaste(admin, { maxViews: 5, expiresAt: fromNow(server, 5 * HOUR) });
    await openPaste(server, exhausted.slug);
    await openPaste(server, live.slug);
    server.clock.advance(HOUR);

    const res = await admin.post<{ deleted: number }>('/api/admin/pastes/clear-expired', {
      clearExpired: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: 2 });
    expect(await exists(expiring.id)).toBe(false);
    expect(await exists(exhausted.id)).toBe(false);
    expect(await exists(live.id)).toBe(true);

    const withoutBody = await admin.post<{ deleted: number }>('/api/admin/pastes/clear-expired');
    expect(withoutBody.status).toBe(200);
    expect(withoutBody.body.data).toEqual({ deleted: 0 });
  });

  it('marks expired and exhausted shares in the list', async () => {
    await server.deps.db.deleteFrom('pastes').execute();
    const expiring = await createPaste(admin, { expiresAt: fromNow(server, HOUR) });
    const exhausted = await createPaste(admin, { maxViews: 1 });
    const live = await createPaste(admin);
    await openPaste(server, exhausted.slug);
    server.clock.advance(HOUR);
    const res = await admin.get<{ items: { id: string; expired: boolean }[] }>('/api/admin/pastes');
    const expiredById = Object.fromEntries(res.body.data.items.map((i) => [i.id, i.expired]));
    expect(expiredById).toEqual({ [expiring.id]: true, [exhausted.id]: true, [live.id]: false });
  });
});

describe('OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('declares every paste route under the Pastes tag', async () => {
    const res = await server.anon.raw('/api/openapi.json');
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const expected: [string, string][] = [
      ['/paste', 'post'],
      ['/paste/{slug}', 'get'],
      ['/paste/{slug}', 'post'],
      ['/raw/{slug}', 'get'],
      ['/admin/pastes', 'get'],
      ['/admin/pastes/{id}', 'get'],
      ['/admin/pastes/{id}', 'put'],
      ['/admin/pastes/{id}', 'delete'],
      ['/admin/pastes/batch-delete', 'post'],
      ['/admin/pastes/clear-expired', 'post'],
      ['/user/pastes', 'get'],
      ['/user/pastes/{id}', 'get'],
      ['/user/pastes/{id}', 'put'],
      ['/user/pastes/{id}', 'delete'],
      ['/user/pastes/batch-delete', 'post'],
    ];
    const pathOf = (p: string) => doc.paths[p] ?? doc.paths[`/api${p}`];
    for (const [path, method] of expected) {
      expect(pathOf(path)?.[method]?.tags, `${method} ${path}`).toEqual(['Pastes']);
    }
  });
});
