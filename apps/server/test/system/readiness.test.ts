import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * GET /api/ready (issue 36): what a load balancer or an orchestrator asks before sending
 * traffic. Ready when the database answers and every migration this server knows has run;
 * 503 otherwise, naming what is missing. /api/health stays the liveness answer.
 */
describe('GET /api/ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers ready on a started server', async () => {
    const res = await server.anon.get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
  });

  it('answers 503 naming a pending migration, and ready again once it has run', async () => {
    const db = server.deps.db;
    // Kysely's own table, which the app's types do not name.
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const last = rows[0];
    if (!last) {
      throw new Error('no migration recorded');
    }
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    try {
      const res = await server.anon.get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('SERVICE_UNAVAILABLE');
      expect(res.body.message).toContain(last.name);
      // Liveness is another question: the process and its database are fine.
      expect((await server.anon.get('/api/health')).status).toBe(200);
    } finally {
      await db
        .insertInto('kysely_migration' as never)
        .values(last)
        .execute();
    }
    expect((await server.anon.get('/api/ready')).status).toBe(200);
  });
});
