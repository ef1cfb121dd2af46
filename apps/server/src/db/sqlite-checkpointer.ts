import { Worker } from 'node:worker_threads';

/**
 * The shortest pause between two of the thread's checkpoints: the longest a commit waits to
 * be on disk (synchronous=NORMAL), and what a burst's writes share one pass's two fsyncs over.
 */
const MIN_GAP_MS = 50;
/**
 * The log's length (in pages: 62.5 MiB, under the log file's 64 MiB limit) past which the
 * thread starts it over itself, holding the writers for as long as it takes to copy the
 * pages written during its pass (a few ms). Steady writes by two workers leave 2,500–5,000
 * pages between two passes, so under a storm the log is started over every few seconds.
 */
export const RESTART_PAGES = 16_000;

/** The slots of the shared signal, as the thread reads them. */
const WROTE = 0;
const STOP = 1;
/** How long `close()` waits for a checkpoint under way before it ends the thread. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * SQLite's write-ahead log copied into the database by a thread of its own (DESIGN §11,
 * docs/performance.md "Round 6"). SQLite's automatic checkpoint runs inside the commit
 * that takes the log past a mark, on the event loop; with two worker processes writing in
 * turn the log rarely starts over, so past the mark nearly every commit checkpoints, and
 * its two fsyncs (about 90 µs each on the project's machine, however little they flush)
 * stop the process each time.
 *
 * Here a commit only tells the thread that there is something to copy; the thread runs a
 * PASSIVE checkpoint (which never holds up readers or writers) at most once per
 * `MIN_GAP_MS`, so many commits share its fsyncs, and the connection checkpoints nothing
 * itself (`wal_autocheckpoint = 0`). A passive checkpoint never starts the log over: that
 * needs a writer that finds all of it copied, and under writes that never pause no writer
 * does, so the log would grow without end (and with it every page look-up). Past
 * `RESTART_PAGES` the thread therefore follows its pass with a RESTART checkpoint, which
 * holds the write lock while it copies the last pages and syncs (a few ms; passes first
 * catch up so that little is left) and waits at most 5 ms for the lock and for readers;
 * one that still meets a reader is tried again at the next pass. Before round 10
 * (docs/performance.md) SQLite's own checkpoint stayed on as that bound: under a storm it
 * ran in every commit past its mark, copying and fsyncing on the event loop, and cost two
 * workers 15–20 % of their creates. The thread starts at the first commit; should it ever
 * fail, the connection's automatic checkpoint goes back to SQLite's default.
 *
 * With synchronous=NORMAL a commit is durable once a checkpoint has synced the log: that
 * now happens within about `MIN_GAP_MS` of it, not after the next 1,000 pages of writes.
 * A process that crashes loses nothing; only a power loss or a crash of the machine can
 * undo the commits of those last milliseconds.
 */
export class SqliteCheckpointer {
  readonly #signal = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  #thread: { worker: Worker; exited: Promise<void> } | null = null;
  #stopped = false;

  /**
   * `file` is the database the thread opens; `onFailure` hears once if the thread fails
   * (the caller gives the connection SQLite's default checkpoints back); a test may give a
   * lower `restartPages`.
   */
  constructor(
    private readonly file: string,
    private readonly onFailure: (error: unknown) => void,
    private readonly restartPages = RESTART_PAGES,
  ) {}

  /**
   * After a commit: the thread checkpoints soon. Costs an atomic store when it is awake,
   * and never throws: the commit it follows has succeeded.
   */
  wrote(): void {
    if (this.#stopped) {
      return;
    }
    this.#thread ??= this.#start();
    if (Atomics.compareExchange(this.#signal, WROTE, 0, 1) === 0) {
      Atomics.notify(this.#signal, WROTE);
    }
  }

  /** Stops the thread after the checkpoint under way, if any (closing its connection). */
  async close(): Promise<void> {
    this.#stopped = true;
    const thread = this.#thread;
    if (!thread) {
      return;
    }
    Atomics.store(this.#signal, STOP, 1);
    Atomics.notify(this.#signal, WROTE);
    Atomics.notify(this.#signal, STOP);
    const timer = setTimeout(() => void thread.worker.terminate(), STOP_TIMEOUT_MS);
    await thread.exited;
    clearTimeout(timer);
  }

  #start(): { worker: Worker; exited: Promise<void> } | null {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./sqlite-checkpoint-thread.js', import.meta.url), {
        workerData: {
          file: this.file,
          signal: this.#signal,
          minGapMs: MIN_GAP_MS,
          restartPages: this.restartPages,
        },
      });
    } catch (error) {
      this.#fail(error);
      return null;
    }
    // The thread never keeps the process alive: close() or the process's exit ends it.
    worker.unref();
    let failure: unknown = null;
    worker.once('error', (error) => (failure = error));
    const exited = new Promise<void>((resolve) => {
      worker.once('exit', (code) => {
        // Only close() ends the thread on purpose; any other end is a failure.
        if (!this.#stopped) {
          this.#fail(failure ?? new Error(`the checkpoint thread exited with code ${code}`));
        }
        resolve();
      });
    });
    return { worker, exited };
  }

  #fail(error: unknown): void {
    this.#stopped = true;
    this.#thread = null;
    this.onFailure(error);
  }
}
