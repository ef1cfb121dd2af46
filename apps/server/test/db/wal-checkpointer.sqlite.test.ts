import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDialect } from '@/db/sqlite-dialect';
import type { Database } from '@/db/types';
import { WalCheckpointer } from '@/db/wal-checkpointer';

const require = createRequire(import.meta.url);

/** About one 4 KiB page per row. */
const ROW = 'x'.repeat(3_000);

/** Frames the log file has room for: it is reused from its start, never shrunk. */
function walFrames(file: string): number {
  return Math.floor(fs.statSync(`${file}-wal`).size / (4096 + 24));
}

/**
 * Inserts `rows` rows one commit each, a tenth of a millisecond apart, as a busy worker
 * process would, then reports.
 */
const WRITER_THREAD = `
  const { parentPort, workerData } = require('node:worker_threads');
  const SQLite = require(${JSON.stringify(require.resolve('better-sqlite3'))});
  const db = new SQLite(workerData.file);
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare('insert into probe (body) values (?)');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < workerData.rows; i += 1) {
    insert.run(workerData.row);
    Atomics.wait(pause, 0, 0, 0.1);
  }
  db.close();
  parentPort.postMessage(workerData.rows);
`;

/**
 * The cluster's checkpointer (src/db/wal-checkpointer.ts) and the workers' connections that
 * leave the write-ahead log to it (`checkpoints: 'elsewhere'`).
 */
describe('the write-ahead log checkpointer', () => {
  let dir: string;
  let file: string;
  let worker: Kysely<Database>;
  const errors: unknown[] = [];
  const opened: WalCheckpointer[] = [];

  const writeRows = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      await sql`insert into probe (body) values (${ROW})`.execute(worker);
    }
  };
  const options = (restartAfterFrames: number) => ({
    everyMs: 10,
    restartAfterFrames,
    lockWaitMs: 200,
    onError: (error: unknown) => errors.push(error),
  });
  const checkpointer = (restartAfterFrames: number) => {
    const keeper = new WalCheckpointer(file, options(restartAfterFrames));
    opened.push(keeper);
    return keeper;
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-checkpointer-'));
    file = path.join(dir, 'probe.db');
    worker = new Kysely<Database>({
      dialect: openSqliteDialect(file, { checkpoints: 'elsewhere' }),
    });
    await sql`create table probe (id integer primary key, body text not null)`.execute(worker);
    errors.length = 0;
  });
  afterEach(async () => {
    opened.splice(0).forEach((keeper) => keeper.stop());
    await worker.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the log to it: a worker’s connection copies nothing past 1,000 pages', async () => {
    await writeRows(1_200);
    const pass = checkpointer(1_000_000).pass();
    // SQLite's own checkpoint would have restarted the log after 1,000 pages.
    expect(pass.log).toBeGreaterThanOrEqual(1_200);
    expect(pass.checkpointed).toBe(pass.log);
    expect(pass.busy).toBe(0);
  });

  it('keeps the log short under steady writes from another thread, and loses no row', async () => {
    const rows = 3_000;
    const writer = new Worker(WRITER_THREAD, { eval: true, workerData: { file, rows, row: ROW } });
    const written = new Promise<number>((resolve, reject) => {
      writer.once('message', resolve);
      writer.once('error', reject);
    });
    checkpointer(500).start();
    expect(await written).toBe(rows);
    // A passive pass alone never finds a moment without a new frame: the log would hold
    // every row's frames (about 9,000). Restarted, it stays near the threshold.
    expect(walFrames(file)).toBeLessThan(2_500);
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from probe`.execute(
      worker,
    );
    expect(counted[0]?.n).toBe(rows);
  });

  it('gives a restart up when a writer holds the lock, and loses nothing', async () => {
    await writeRows(50);
    const other = new SQLite(file);
    other.exec('begin immediate');
    other.prepare('insert into probe (body) values (?)').run(ROW);
    // The passive part copies what was committed; the restart cannot have the lock.
    const pass = checkpointer(10).pass();
    other.exec('commit');
    other.close();
    expect(pass.busy).toBe(1);
    expect(pass.log).toBeGreaterThanOrEqual(50);
    await writeRows(1);
    const { rows } = await sql<{ n: number }>`select count(*) as n from probe`.execute(worker);
    expect(rows[0]?.n).toBe(52);
  });

  it('copies the log into the file in the background', async () => {
    await writeRows(40);
    const before = fs.statSync(file).size;
    const keeper = checkpointer(1_000_000);
    keeper.start();
    await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(
      before + 40 * ROW.length,
    );
    expect(errors).toEqual([]);
  });

  it('reports a failed pass and goes on with the next', async () => {
    let passes = 0;
    class FailingOnce extends WalCheckpointer {
      override pass() {
        passes += 1;
        if (passes === 1) {
          throw new Error('the disk is gone');
        }
        return super.pass();
      }
    }
    const keeper = new FailingOnce(file, options(1_000_000));
    opened.push(keeper);
    keeper.start();
    await expect.poll(() => passes, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/the disk is gone/);
  });
});
