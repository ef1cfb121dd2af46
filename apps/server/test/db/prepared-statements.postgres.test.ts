import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatementName } from '@/db/prepared-statements';
import type { Database } from '@/db/types';
import { PastesRepo } from '@/modules/pastes/repo';
import { startTestServer, type TestServer } from '../support/test-server';

/** The statements prepared on the connection `db` runs on, by name. */
async function preparedOn(db: Kysely<Database>): Promise<Map<string, string>> {
  const result = await sql<{
    name: string;
    statement: string;
  }>`select name, statement from pg_prepared_statements`.execute(db);
  return new Map(result.rows.map((row) => [row.name, row.statement]));
}

describe('prepared statements (PostgreSQL)', () => {
  let server: TestServer;
  let slug: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.admin();
    const created = await admin.post<{ slug: string }>('/api/paste', { content: 'prepared' });
    expect(created.status).toBe(201);
    slug = created.body.data.slug;
  });
  afterAll(() => server.close());

  it('prepares the compiled-once statements on each connection, and no statement built per call', async () => {
    await server.deps.db.connection().execute(async (db) => {
      const repo = new PastesRepo(db);
      const nowIso = new Date().toISOString();
      expect(await repo.countOpenRawViewBySlug(slug, nowIso)).toBe('prepared');
      expect((await repo.countOpenViewBySlug(slug, nowIso))?.views).toBe(2);
      await repo.findBySlug(slug);

      const prepared = await preparedOn(db);
      // Both counts, and on a connection that served the create, its insert: registered
      // texts under their names. The look-up by slug is built per call: sent unnamed.
      const statements = [...prepared.values()];
      expect(statements.filter((text) => text.startsWith('update "pastes"'))).toHaveLength(2);
      expect(statements.some((text) => text.startsWith('select'))).toBe(false);
      for (const [name, statement] of prepared) {
        expect(preparedStatementName(statement)).toBe(name);
      }
    });
  });

  it('keeps answering a prepared read after a column is added (a rolling upgrade)', async () => {
    await server.deps.db.connection().execute(async (db) => {
      const repo = new PastesRepo(db);
      const nowIso = new Date().toISOString();
      const before = await repo.countOpenViewBySlug(slug, nowIso);
      expect(before?.content).toBe('prepared');
      await sql`alter table pastes add column added_by_a_newer_version integer`.execute(db);
      // A statement prepared with `returning *` now fails: "cached plan must not change
      // result type". Named columns plan to the same result.
      const after = await repo.countOpenViewBySlug(slug, nowIso);
      expect(after?.views).toBe((before?.views ?? 0) + 1);
      expect(Object.keys(after ?? {})).toEqual(Object.keys(before ?? {}));
    });
  });
});
