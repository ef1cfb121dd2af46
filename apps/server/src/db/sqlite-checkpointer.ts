import { Worker } from 'node:worker_threads';

/**
 * The shortest pause between two of the thread's checkpoints: the longest a commit waits to
 * be on disk (synchronous=NORMAL), and what a burst's writes share one pass's two fsyncs over.
 */
const MIN_GAP_MS = 50;
/**
 * The log's length (in pages, 62.5 MiB) past which a commit checkpoints on the event loop:
 * a backstop for a thread that cannot keep up, above the 2,500–5,000 pages that two
 * workers creating shares write between two of its passes.
 */
export const AUTOMATIC_CHECKPOINT_PAGES = 16_000;

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
 * `MIN_GAP_MS`, so many commits share its fsyncs. Those fsyncs cost the whole machine, not
 * only the thread: the kernel's writeback, the journal and the disk's interrupts run on the
 * cores that serve requests (docs/performance.md, round 10: a pass every 50 ms instead of
 * every 10 answered 8 % more creates). SQLite's own checkpoint stays on, at a higher mark
 * (`AUTOMATIC_CHECKPOINT_PAGES`): the log still starts over only when a writer finds it
 * fully copied, and should the thread fall behind, that checkpoint keeps the log bounded.
 * The thread starts at the first commit; should it ever fail, the connection's automatic
 * checkpoint goes back to SQLite's default.
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
   * (the caller gives the connection SQLite's default checkpoints back).
   */
  constructor(
    private readonly file: string,
    private readonly onFailure: (error: unknown) => void,
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
        workerData: { file: this.file, signal: this.#signal, minGapMs: MIN_GAP_MS },
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
