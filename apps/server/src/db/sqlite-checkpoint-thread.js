// The thread of sqlite-checkpointer.ts: copies the write-ahead log into the database on a
// connection of its own, so that the copying and its fsyncs do not stop the process's
// event loop. Plain JavaScript, because a worker thread runs a file as it is (the tests
// run the source; the build bundles this file as an entry of its own).
import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {{ file: string, signal: Int32Array, minGapMs: number, restartPages: number }} */
const { file, signal, minGapMs, restartPages } = workerData;
// The slots of `signal`, as sqlite-checkpointer.ts writes them.
const WROTE = 0;
const STOP = 1;
/** What a RESTART may copy under the write lock: a few ms of writes. */
const FEW_PAGES = 64;
const MAX_CATCH_UP_PASSES = 4;
/** How long a RESTART may wait for the write lock, then for readers to leave the log. */
const RESTART_WAIT_MS = 5;

const db = new SQLite(file);
// A PASSIVE checkpoint never waits for a lock, and a busy one (another process's
// checkpoint under way) only means there is nothing to do this time.
db.pragma('busy_timeout = 0');
// A checkpoint's fsyncs follow the checkpointing connection's setting.
db.pragma('synchronous = NORMAL');

/** The pages that make up the log at a pass's start; a pass copies all of them it may. */
function passiveCheckpoint() {
  const [pass] = /** @type {{ log: number }[]} */ (db.pragma('wal_checkpoint(PASSIVE)'));
  return pass?.log ?? 0;
}

/**
 * Starts the log over (sqlite-checkpointer.ts), after a pass that found `log` pages. The
 * RESTART holds the write lock while it copies what the last pass left, so passes come
 * first until one finds few new pages (a pass of 10,000 pages lets writers add thousands
 * meanwhile: copied under the lock, a stop of 50–80 ms). It may wait a little for the lock
 * and for readers to leave the log; one that still meets a reader is tried again after the
 * next pass.
 *
 * @param {number} log
 */
function restart(log) {
  for (let pass = 0; pass < MAX_CATCH_UP_PASSES; pass += 1) {
    const next = passiveCheckpoint();
    const added = next - log;
    log = next;
    if (added <= FEW_PAGES) {
      break;
    }
  }
  db.pragma(`busy_timeout = ${RESTART_WAIT_MS}`);
  try {
    db.pragma('wal_checkpoint(RESTART)');
  } finally {
    db.pragma('busy_timeout = 0');
  }
}

while (Atomics.load(signal, STOP) === 0) {
  // Sleeps until the process commits something (or asks the thread to stop).
  Atomics.wait(signal, WROTE, 0);
  if (Atomics.load(signal, STOP) !== 0) {
    break;
  }
  Atomics.store(signal, WROTE, 0);
  const log = passiveCheckpoint();
  if (log > restartPages) {
    restart(log);
  }
  // At most one pass per gap: each pass pays two fsyncs however little it copies.
  Atomics.wait(signal, STOP, 0, minGapMs);
}
db.close();
