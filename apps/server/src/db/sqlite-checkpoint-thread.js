// The thread of sqlite-checkpointer.ts: copies the write-ahead log into the database on a
// connection of its own, so that the copying and its fsyncs do not stop the process's
// event loop. Plain JavaScript, because a worker thread runs a file as it is (the tests
// run the source; the build bundles this file as an entry of its own).
import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {{ file: string, signal: Int32Array, minGapMs: number }} */
const { file, signal, minGapMs } = workerData;
// The slots of `signal`, as sqlite-checkpointer.ts writes them.
const WROTE = 0;
const STOP = 1;

const db = new SQLite(file);
// A PASSIVE checkpoint never waits for a lock, and a busy one (another process's
// checkpoint under way) only means there is nothing to do this time.
db.pragma('busy_timeout = 0');
// A checkpoint's fsyncs follow the checkpointing connection's setting.
db.pragma('synchronous = NORMAL');

while (Atomics.load(signal, STOP) === 0) {
  // Sleeps until the process commits something (or asks the thread to stop).
  Atomics.wait(signal, WROTE, 0);
  if (Atomics.load(signal, STOP) !== 0) {
    break;
  }
  Atomics.store(signal, WROTE, 0);
  db.pragma('wal_checkpoint(PASSIVE)');
  // At most one pass per gap: each pass pays two fsyncs however little it copies.
  Atomics.wait(signal, STOP, 0, minGapMs);
}
db.close();
