import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '@/db/migrations/008-paste-visits';
import { down as downBundles, up as upBundles } from '@/db/migrations/024-bundles';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { openShare, uploadShare } from '../uploads/builders';
import { createPaste, openPaste } from './builders';

/**
 * Migration 008 rebuilds share_visits (SQLite cannot relax a NOT NULL column in place):
 * the file visits handed out before it keep working across it, both ways.
 */
describe('migration 008: visits of text shares', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const schemaDb = () => server.deps.db as unknown as Kysely<unknown>;

  async function visitsOf(column: 'file_id' | 'paste_id', id: string): Promise<number> {
    const rows = await server.deps.db
      .selectFrom('share_visits')
      .select('id')
      .where(column, '=', id)
      .execute();
    return rows.length;
  }

  it('keeps file visits (and their links) down and up again; down drops paste visits', async () => {
    const file = await uploadShare(admin, { content: 'file body', filename: 'keep.txt' });
    const opened = await openShare(server, file.slug);
    const previewUrl = opened.body.data.previewUrl ?? '';
    const paste = await createPaste(admin, { content: 'paste body' });
    const rawUrl = (await openPaste(server, paste.slug)).body.data.rawUrl ?? '';
    const fileVisits = await visitsOf('file_id', file.id);
    expect(fileVisits).toBeGreaterThan(0);
    expect(await visitsOf('paste_id', paste.id)).toBe(1);

    // 024 rebuilt the table after 008: it is undone first and redone last, in migration order.
    await downBundles(schemaDb());
    await down(schemaDb());
    const columns = (await schemaDb().introspection.getTables())
      .find((table) => table.name === 'share_visits')
      ?.columns.map((column) => column.name);
    expect(columns).not.toContain('paste_id');
    await up(schemaDb());
    await upBundles(schemaDb());

    expect(await visitsOf('file_id', file.id)).toBe(fileVisits);
    expect(await visitsOf('paste_id', paste.id)).toBe(0);
    const preview = await fetch(previewUrl);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toBe('file body');
    expect((await fetch(rawUrl)).status).toBe(410);
    const fresh = (await openPaste(server, paste.slug)).body.data.rawUrl ?? '';
    expect(await (await fetch(fresh)).text()).toBe('paste body');
  });

  it('refuses a visit that names no share, or both', async () => {
    const row = {
      byte_budget: 1,
      expires_at: '2100-01-01T00:00:00.000Z',
      max_expires_at: '2100-01-01T00:00:00.000Z',
      created_at: '2000-01-01T00:00:00.000Z',
    };
    const paste = await createPaste(admin, { content: 'x' });
    const file = await uploadShare(admin, { content: 'y', filename: 'y.txt' });
    const insert = (id: string, fileId: string | null, pasteId: string | null) =>
      server.deps.db
        .insertInto('share_visits')
        .values({ id, file_id: fileId, paste_id: pasteId, ...row })
        .execute();
    await expect(insert('v-none', null, null)).rejects.toThrow();
    await expect(insert('v-both', file.id, paste.id)).rejects.toThrow();
    await expect(insert('v-paste', null, paste.id)).resolves.toBeDefined();
  });
});
