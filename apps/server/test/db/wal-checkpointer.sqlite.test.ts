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

/**
 * Inserts rows one commit each, a tenth of a millisecond apart, as a busy worker process
 * would, until the flag in `stop` is set or `maxRows` are in; then reports how many.
 */
const WRITER_THREAD = `
  const { parentPort, workerData } = require('node:worker_threads');
  const SQLite = require(${JSON.stringify(require.resolve('better-sqlite3'))});
  const db = new SQLite(workerData.file);
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare('insert into probe (body) values (?)');
  const stop = new Int32Array(workerData.stop);
  let rows = 0;
  while (rows < workerData.maxRows && Atomics.load(stop, 0) === 0) {
    insert.run(workerData.row);
    rows += 1;
    Atomics.wait(stop, 0, 0, 0.1);
  }
  db.close();
  parentPort.postMessage(rows);
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

  it('starts the log over under steady writes from another thread, and loses no row', async () => {
    // Left to passive passes, the log never finds a moment without a new frame and only
    // grows (about 9,000 frames for 3,000 rows, measured with the restart taken out).
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const maxRows = 8_000;
    const writer = new Worker(WRITER_THREAD, {
      eval: true,
      workerData: { file, maxRows, row: ROW, stop: stop.buffer },
    });
    const written = new Promise<number>((resolve, reject) => {
      writer.once('message', resolve);
      writer.once('error', reject);
    });
    let restarts = 0;
    let lastLog = 0;
    class Watched extends WalCheckpointer {
      override pass() {
        const result = super.pass();
        // The log only ever shrinks when a writer began it again from its first frame.
        if (result.log < lastLog && (restarts += 1) === 3) {
          Atomics.store(stop, 0, 1);
        }
        lastLog = result.log;
        return result;
      }
    }
    const keeper = new Watched(file, options(500));
    opened.push(keeper);
    keeper.start();
    const rows = await written;
    expect(restarts).toBeGreaterThanOrEqual(3);
    expect(rows).toBeLessThan(maxRows);
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
