import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/db/db-errors';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Another process (a backup, the sqlite3 shell, a second worker) holding the write lock of
 * the server's database file: writes wait for it off the event loop, for a bounded time.
 */
describe('a SQLite file locked by another process', () => {
  let server: TestServer;
  let admin: ApiClient;
  let locker: SQLite.Database;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    await sql`CREATE TABLE fault_probe (label TEXT NOT NULL)`.execute(server.deps.db);
    locker = new SQLite(path.join(server.dataDir, 'pastebox.db'));
  });
  afterEach(() => {
    if (locker.inTransaction) {
      locker.exec('ROLLBACK');
    }
  });
  afterAll(async () => {
    locker.close();
    await server.close();
  });

  const createPaste = () => admin.post('/api/paste', { content: 'written under a lock' });

  it('a write waits without freezing the server, then answers 503 DATABASE_UNAVAILABLE', async () => {
    locker.exec('BEGIN IMMEDIATE');
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    let writeAnswered = false;
    const write = createPaste().finally(() => {
      writeAnswered = true;
    });
    // While the write waits, reads (WAL lets them past the writer's lock) answer at once.
    const latencies: number[] = [];
    let answeredWhileWriteWaits = 0;
    for (let i = 0; i < 10; i += 1) {
      await sleep(150);
      const sent = performance.now();
      const health = await server.anon.get('/api/health');
      latencies.push(performance.now() - sent);
      expect(health.status).toBe(200);
      answeredWhileWriteWaits += writeAnswered ? 0 : 1;
    }
    const res = await write;
    const waited = performance.now() - started;
    loop.disable();

    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 503, success: false, error: 'DATABASE_UNAVAILABLE' });
    expect(res.headers.get('retry-after')).toBe('1');
    // Bounded: neither an immediate failure nor a wait for as long as the lock is held.
    expect(waited).toBeGreaterThan(3_000);
    expect(waited).toBeLessThan(8_000);
    expect(answeredWhileWriteWaits).toBe(10);
    expect(Math.max(...latencies)).toBeLessThan(500);
    // The event loop never stalled while the write waited (before: 5 s in SQLite's sleep).
    expect(loop.max / 1e6).toBeLessThan(300);
  });

  it('a write succeeds once the lock is released within the wait', async () => {
    locker.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    const write = createPaste();
    await sleep(1_000);
    locker.exec('COMMIT');
    const res = await write;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(performance.now() - started).toBeGreaterThan(900);
  });

  it('a transaction waits at BEGIN for the lock, or fails as unavailable, never half-done', async () => {
    const { db } = server.deps;
    locker.exec('BEGIN IMMEDIATE');
    const insert = (label: string) => sql`INSERT INTO fault_probe VALUES (${label})`;
    const failed = await db
      .transaction()
      .execute((trx) => insert('held throughout').execute(trx))
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);

    const committed = db.transaction().execute((trx) => insert('after release').execute(trx));
    await sleep(300);
    locker.exec('COMMIT');
    await committed;
    const rows = await sql<{ label: string }>`SELECT label FROM fault_probe`.execute(db);
    expect(rows.rows.map((row) => row.label)).toEqual(['after release']);
  });

  it("a lone statement never runs inside another request's open transaction", async () => {
    const { db } = server.deps;
    await sql`DELETE FROM fault_probe`.execute(db);
    let lone: Promise<unknown> = Promise.resolve();
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO fault_probe VALUES ('in the transaction')`.execute(trx);
        lone = sql`INSERT INTO fault_probe VALUES ('alone')`.execute(db);
        await sleep(100);
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    expect(await rolledBack).toBe('rolled back');
    await lone;
    const rows = await sql<{ label: string }>`SELECT label FROM fault_probe`.execute(db);
    expect(rows.rows.map((row) => row.label)).toEqual(['alone']);
  });
});
