import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '@/db/migrations/018-accounts';
import { down, up } from '@/db/migrations/009-revocation-epoch';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { epochOf } from './two-apps';

/**
 * Migration 009 (the revocation epoch and its triggers) goes down and up cleanly. Migration
 * 018 renamed the tables 009 watches, so it steps aside first and comes back after.
 */
describe(`migration 009: the revocation epoch (${dialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
  });
  afterAll(() => server.close());

  const schemaDb = () => server.deps.db as unknown as Kysely<unknown>;

  it('drops table and triggers, and brings them back working', async () => {
    await server.admin();
    await accounts.down(schemaDb());
    await down(schemaDb());
    const tables = (await schemaDb().introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('revocation_epoch');
    // Without the triggers a revoking write still works (nothing refers to a lost table).
    await sql`delete from admin_sessions`.execute(schemaDb());
    expect((await sql`select * from admin_sessions`.execute(schemaDb())).rows).toEqual([]);

    await up(schemaDb());
    await accounts.up(schemaDb());
    expect(await epochOf(server)).toBe(0);
    const again = await server.admin();
    expect((await again.post('/api/admin/logout')).status).toBe(200);
    expect(await epochOf(server)).toBe(1);
  });
});
