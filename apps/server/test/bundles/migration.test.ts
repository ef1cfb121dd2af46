import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '@/db/migrations/024-bundles';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { openShare, uploadShare } from '../uploads/builders';
import { createBundle } from './support';

/**
 * Migration 024 rebuilds share_visits so a visit may name a bundle: the visits handed out
 * before it keep working across it, both ways, and a visit still names exactly one share.
 */
describe(`migration 024: bundles (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  const schemaDb = () => server.deps.db as unknown as Kysely<unknown>;

  it('a visit names exactly one share: a file, a paste or a bundle', async () => {
    const file = await uploadShare(admin, { content: 'y', filename: 'y.txt' });
    const bundle = await createBundle(admin, 'admin', { file_ids: [file.id] });
    const insert = (id: string, fileId: string | null, bundleId: string | null) =>
      server.deps.db
        .insertInto('share_visits')
        .values({
          id,
          file_id: fileId,
          bundle_id: bundleId,
          byte_budget: 1,
          expires_at: '2100-01-01T00:00:00.000Z',
          max_expires_at: '2100-01-01T00:00:00.000Z',
          created_at: '2000-01-01T00:00:00.000Z',
        })
        .execute();
    await expect(insert('v-none', null, null)).rejects.toThrow();
    await expect(insert('v-two', file.id, bundle.id)).rejects.toThrow();
    await expect(insert('v-bundle', null, bundle.id)).resolves.toBeDefined();
    // Deleting the bundle deletes its visits.
    await admin.delete(`/api/admin/bundles/${bundle.id}`);
    const left = await server.deps.db
      .selectFrom('share_visits')
      .select('id')
      .where('id', '=', 'v-bundle')
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps file visits (and their links) down and up again', async () => {
    const file = await uploadShare(admin, { content: 'file body', filename: 'keep.txt' });
    const previewUrl = (await openShare(server, file.slug)).body.data.previewUrl ?? '';
    await down(schemaDb());
    const tables = (await schemaDb().introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('bundles');
    await up(schemaDb());
    const preview = await fetch(previewUrl);
    expect([preview.status, await preview.text()]).toEqual([200, 'file body']);
  });
});
