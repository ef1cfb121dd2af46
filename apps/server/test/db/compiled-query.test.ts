import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '@/db/compiled-query';
import { startTestServer, type TestServer } from '../support/test-server';

/** A statement with run-time values and a constant the builder wrote itself. */
const settingNamed = compiledOnce<{ key: string; suffix: string }, { value: string }>((db, value) =>
  db
    .selectFrom('system_settings')
    .select(sql<string>`${sql.ref('value')} || ${value('suffix')}`.as('value'))
    .where('key', '=', value('key'))
    .where('key', '!=', 'a constant that no setting has'),
);

describe('compiledOnce', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.deps.db
      .insertInto('system_settings')
      .values([
        { key: 'compiled.a', value: 'first', updated_at: new Date().toISOString() },
        { key: 'compiled.b', value: 'second', updated_at: new Date().toISOString() },
      ])
      .execute();
  });
  afterAll(() => server.close());

  it('runs the statement compiled once with each call’s values in their places', async () => {
    const { db } = server.deps;
    const a = await settingNamed(db, { key: 'compiled.a', suffix: '!' });
    const b = await settingNamed(db, { key: 'compiled.b', suffix: '?' });
    const none = await settingNamed(db, { key: 'a constant that no setting has', suffix: '' });
    expect(a.rows).toEqual([{ value: 'first!' }]);
    expect(b.rows).toEqual([{ value: 'second?' }]);
    expect(none.rows).toEqual([]);
  });

  it('binds values, so quotes and SQL in them are data', async () => {
    const { db } = server.deps;
    const hostile = await settingNamed(db, { key: "compiled.a' or '1'='1", suffix: "'; --" });
    expect(hostile.rows).toEqual([]);
    const quoted = await settingNamed(db, { key: 'compiled.a', suffix: "'; drop table x; --" });
    expect(quoted.rows).toEqual([{ value: "first'; drop table x; --" }]);
  });
});
