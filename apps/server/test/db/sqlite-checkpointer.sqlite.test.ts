import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteCheckpointer } from '@/db/sqlite-checkpointer';
import { openSqliteDialect } from '@/db/sqlite-dialect';

interface ProbeDatabase {
  notes: { id: number; body: string };
}

const PAGE_BYTES = 4096;

/** What `PRAGMA wal_checkpoint` answers, in pages. */
interface CheckpointPass {
  busy: number;
  log: number;
  checkpointed: number;
}

/** Pages of the database file itself: what checkpoints have copied out of the log. */
function databasePages(file: string): number {
  return fs.statSync(file).size / PAGE_BYTES;
}

/**
 * How often the log has started over: the checkpoint sequence number of the log's header
 * (bytes 12–15, big-endian), which SQLite raises each time it writes the log from its start.
 */
function logStarts(file: string): number {
  const header = Buffer.alloc(32);
  const descriptor = fs.openSync(`${file}-wal`, 'r');
  try {
    fs.readSync(descriptor, header, 0, header.length, 0);
  } finally {
    fs.closeSync(descriptor);
  }
  return header.readUInt32BE(12);
}

async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error('the condition did not come true in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The write-ahead log's checkpoints on a thread (src/db/sqlite-checkpointer.ts): commits
 * reach the database file without the event loop's automatic checkpoint.
 */
describe('SQLite checkpoint thread', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-checkpoints-'));
    file = path.join(dir, 'probe.db');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file, the connection checkpointing nothing itself', async () => {
    const db = new Kysely<ProbeDatabase>({ dialect: openSqliteDialect(file) });
    try {
      await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
      const before = databasePages(file);
      // About 150 pages, far below the mark past which the thread starts the log over.
      const body = 'x'.repeat(2_000);
      await Promise.all(
        Array.from({ length: 300 }, (_, id) =>
          db.insertInto('notes').values({ id, body }).execute(),
        ),
      );
      await eventually(() => databasePages(file) >= before + 140);

      const { rows } = await sql<{
        wal_autocheckpoint: number;
      }>`PRAGMA wal_autocheckpoint`.execute(db);
      expect(rows).toEqual([{ wal_autocheckpoint: 0 }]);
    } finally {
      await db.destroy();
    }
  });

  it('starts the log over itself once it passes the restart mark, though writes never pause', async () => {
    const restartPages = 200;
    const db = new Kysely<ProbeDatabase>({ dialect: openSqliteDialect(file, { restartPages }) });
    try {
      await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
      const startsBefore = logStarts(file);
      const starts = () => logStarts(file) - startsBefore;
      // A row of 3,000 bytes is a page of the log. Four writers that never pause: no commit
      // finds the whole log copied, the only moment at which SQLite starts it over itself
      // (without the thread's restarts, 20,000 rows started it over not once).
      const body = 'x'.repeat(3_000);
      let rows = 0;
      const writer = async () => {
        while (rows < 20_000 && starts() < 3) {
          await db.insertInto('notes').values({ id: rows++, body }).execute();
        }
      };
      await Promise.all([writer(), writer(), writer(), writer()]);

      expect(starts()).toBeGreaterThanOrEqual(3);
    } finally {
      await db.destroy();
    }
  });

  it('stops with the database: the last connection closes and removes the log', async () => {
    const db = new Kysely<ProbeDatabase>({ dialect: openSqliteDialect(file) });
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
    const before = databasePages(file);
    await db
      .insertInto('notes')
      .values({ id: 1, body: 'x'.repeat(20_000) })
      .execute();
    // The thread has its connection once it has copied something.
    await eventually(() => databasePages(file) > before);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);

    await db.destroy();

    // A connection left open on the thread would keep the log (and its -shm) on disk.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file, { readonly: true });
    try {
      expect(reopened.prepare('SELECT length(body) AS n FROM notes').get()).toEqual({ n: 20_000 });
    } finally {
      reopened.close();
    }
  });

  it('cuts the log file back to 64 MiB when the log starts over after a burst', async () => {
    const limit = 64 * 1024 * 1024;
    const db = new Kysely<ProbeDatabase>({ dialect: openSqliteDialect(file) });
    try {
      await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
      // One transaction of about 72 MiB: the log's file grows past the limit.
      const body = 'x'.repeat(2 * 1024 * 1024);
      await db.transaction().execute(async (trx) => {
        for (let id = 0; id < 36; id += 1) {
          await trx.insertInto('notes').values({ id, body }).execute();
        }
      });
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(limit);
      // Once the log is copied, the next commit starts it over. The database file reaches
      // its size before the thread's pass ends (it still syncs it), so a pass of the test's
      // own tells: busy while the thread's runs, then every logged page checkpointed.
      await eventually(async () => {
        const { rows } = await sql<CheckpointPass>`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
        const pass = rows[0];
        return pass !== undefined && pass.busy === 0 && pass.checkpointed === pass.log;
      }, 20_000);
      await db.insertInto('notes').values({ id: 100, body: 'after' }).execute();

      expect(fs.statSync(`${file}-wal`).size).toBeLessThanOrEqual(limit);
    } finally {
      await db.destroy();
    }
  });

  it('reports a thread that fails, once, and then asks nothing more of it', async () => {
    const failures: unknown[] = [];
    const checkpointer = new SqliteCheckpointer(path.join(dir, 'missing', 'probe.db'), (error) =>
      failures.push(error),
    );
    checkpointer.wrote();
    await eventually(() => failures.length > 0);
    checkpointer.wrote();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toMatch(/directory does not exist|unable to open/i);
    await checkpointer.close();
  });
});
