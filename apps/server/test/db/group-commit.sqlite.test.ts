import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDialect } from '@/db/sqlite-dialect';

interface ProbeDatabase {
  counters: { name: string; value: number; limit: number };
}

const WAL_HEADER_BYTES = 32;
const WAL_FRAME_HEADER_BYTES = 24;
const PAGE_BYTES = 4096;

/** Pages appended to the write-ahead log so far: one frame per page per commit. */
function walFrames(file: string): number {
  const size = fs.statSync(`${file}-wal`).size;
  return Math.max(0, (size - WAL_HEADER_BYTES) / (PAGE_BYTES + WAL_FRAME_HEADER_BYTES));
}

/**
 * Group commit (src/db/sqlite-group-commit.ts): the lone writes of one turn of the event
 * loop share one commit, and nothing else about them changes.
 */
describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let db: Kysely<ProbeDatabase>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-group-commit-'));
    file = path.join(dir, 'probe.db');
    // These tests read the frames a commit appends off the log's size, which holds only
    // while the log never starts over: SQLite's own checkpoint (at 1,000 pages, which they
    // never reach) rather than the thread, which copies the log and lets it start over.
    db = new Kysely<ProbeDatabase>({
      dialect: openSqliteDialect(file, { checkpointThread: false }),
    });
    await sql`CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL, "limit" INTEGER NOT NULL)`.execute(
      db,
    );
    await db.insertInto('counters').values({ name: 'views', value: 0, limit: 0 }).execute();
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const countView = () =>
    db
      .updateTable('counters')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'views')
      .where((eb) => eb.or([eb('limit', '=', 0), eb('value', '<', eb.ref('limit'))]))
      .returning('value')
      .executeTakeFirst();

  it('commits the writes of one turn together: one log frame for 50 counts of a row, not 50', async () => {
    const before = walFrames(file);
    const counted = await Promise.all(Array.from({ length: 50 }, countView));
    expect(counted.map((row) => row?.value)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(walFrames(file) - before).toBeLessThanOrEqual(2);

    // Writes awaited one by one are one commit each, as before.
    const alone = walFrames(file);
    for (let i = 0; i < 5; i += 1) {
      await countView();
    }
    expect(walFrames(file) - alone).toBe(5);
  });

  it('lets writes made while a batch waits for another process’s lock join that batch', async () => {
    const locker = new SQLite(file);
    locker.exec('BEGIN IMMEDIATE');
    const before = walFrames(file);
    const first = countView();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const later = Array.from({ length: 10 }, countView);
    await new Promise((resolve) => setTimeout(resolve, 30));
    locker.exec('COMMIT');
    locker.close();
    const counted = await Promise.all([first, ...later]);
    expect(counted.map((row) => row?.value)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    // One commit for all eleven, not one for the first and another for the rest.
    expect(walFrames(file) - before).toBe(1);
  });

  it('keeps a conditional count exact: 40 parallel readers of a share limited to 7 views', async () => {
    await db.updateTable('counters').set({ value: 0, limit: 7 }).execute();
    const counted = await Promise.all(Array.from({ length: 40 }, countView));
    expect(counted.filter((row) => row !== undefined)).toHaveLength(7);
    const row = await db.selectFrom('counters').select('value').executeTakeFirstOrThrow();
    expect(row.value).toBe(7);
  });

  it('fails a statement alone: the others of its commit are written', async () => {
    const results = await Promise.allSettled([
      db.insertInto('counters').values({ name: 'first', value: 1, limit: 0 }).execute(),
      db.insertInto('counters').values({ name: 'views', value: 1, limit: 0 }).execute(),
      db.insertInto('counters').values({ name: 'second', value: 2, limit: 0 }).execute(),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rejected = results[1] as PromiseRejectedResult;
    expect(String(rejected.reason)).toMatch(/UNIQUE constraint failed/);
    const names = await db.selectFrom('counters').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['first', 'second', 'views']);
  });

  it('runs each write again alone when the shared transaction is rolled back as a whole', async () => {
    await sql`CREATE TRIGGER refuse_poison BEFORE INSERT ON counters WHEN NEW.name = 'poison'
      BEGIN SELECT RAISE(ROLLBACK, 'poison refused'); END`.execute(db);
    const results = await Promise.allSettled([
      db.insertInto('counters').values({ name: 'before', value: 1, limit: 0 }).execute(),
      db.insertInto('counters').values({ name: 'poison', value: 1, limit: 0 }).execute(),
      db.insertInto('counters').values({ name: 'after', value: 1, limit: 0 }).execute(),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/poison refused/);
    const names = await db.selectFrom('counters').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['after', 'before', 'views']);
  });

  it('runs the writes of a turn in the order they were made', async () => {
    await Promise.all([
      db.updateTable('counters').set({ value: 3 }).execute(),
      db
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '*', 2) }))
        .execute(),
      db
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .execute(),
    ]);
    const row = await db.selectFrom('counters').select('value').executeTakeFirstOrThrow();
    expect(row.value).toBe(7);
  });

  it("never puts a lone write inside another flow's open transaction", async () => {
    let lone: Promise<unknown> = Promise.resolve();
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('counters')
          .values({ name: 'in-transaction', value: 1, limit: 0 })
          .execute();
        lone = db.insertInto('counters').values({ name: 'lone', value: 1, limit: 0 }).execute();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch((error: unknown) => (error as Error).message);
    expect(outcome).toBe('roll back');
    await lone;
    const names = await db.selectFrom('counters').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['lone', 'views']);
  });
});
