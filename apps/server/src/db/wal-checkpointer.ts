import SQLite from 'better-sqlite3';

/** What `PRAGMA wal_checkpoint` answers: frames in the log, and how many are in the file. */
export interface CheckpointResult {
  /** 1 when the checkpoint could not finish (a writer or a reader was in the way). */
  busy: number;
  log: number;
  checkpointed: number;
}

export interface WalCheckpointerOptions {
  /** Pause between two passes. */
  everyMs: number;
  /** A log of this many frames (4 KiB pages) or more is restarted from its beginning. */
  restartAfterFrames: number;
  /** How long a restart may wait for the workers' write lock (they hold it briefly). */
  lockWaitMs: number;
  onError: (error: unknown) => void;
}

export const DEFAULT_CHECKPOINTER: Omit<WalCheckpointerOptions, 'onError'> = {
  everyMs: 100,
  // 16,384 frames: a log of about 64 MiB at most between two restarts.
  restartAfterFrames: 16_384,
  lockWaitMs: 200,
};

function checkpoint(db: SQLite.Database, mode: 'PASSIVE' | 'RESTART'): CheckpointResult {
  const [result] = db.pragma(`wal_checkpoint(${mode})`) as CheckpointResult[];
  if (!result) {
    throw new Error('PRAGMA wal_checkpoint answered nothing');
  }
  return result;
}

/**
 * Copies SQLite's write-ahead log into the database file away from the requests (DESIGN
 * §11). With SQLite's default, the connection whose commit takes the log past 1,000 pages
 * copies it in the middle of serving a request: that worker's event loop stops for the
 * copy and two fsyncs (on a slow disk, with a large paste in the log, for a long time), and
 * the small interval copies a hot page (an index's, or a counted share's) again and again.
 * In a cluster the workers' connections never checkpoint (`checkpoints: 'elsewhere'`) and
 * the primary, which serves no request, runs this instead.
 *
 * Each pass is a PASSIVE checkpoint: it copies what it can without making anyone wait, and
 * writers go on appending meanwhile. Under steady writes the log would then never start
 * over (SQLite restarts it only when a writer finds everything copied), so once it holds
 * `restartAfterFrames` and the passive pass copied all it saw, a RESTART checkpoint takes
 * the write lock for the last frames and the fsyncs, and the next writer starts the log
 * from its beginning. The restart waits up to `lockWaitMs` for the lock (a busy one is
 * tried again at the next pass); the workers' writes wait out the short time it holds the
 * lock asynchronously, as they wait for each other. The passes run on the primary's own
 * thread, which nothing else needs while they block.
 */
export class WalCheckpointer {
  readonly #db: SQLite.Database;
  #timer: NodeJS.Timeout | undefined;

  /** Opens its own connection to the SQLite file `file`. */
  constructor(
    file: string,
    private readonly options: WalCheckpointerOptions,
  ) {
    this.#db = new SQLite(file, { timeout: options.lockWaitMs });
  }

  /** One pass: copy what is in the log, and restart it when it has grown long. */
  pass(): CheckpointResult {
    const passive = checkpoint(this.#db, 'PASSIVE');
    if (
      passive.busy === 0 &&
      passive.log >= this.options.restartAfterFrames &&
      passive.checkpointed === passive.log
    ) {
      return checkpoint(this.#db, 'RESTART');
    }
    return passive;
  }

  /** Runs a pass every `everyMs` until stopped; a failed pass is reported, not fatal. */
  start(): void {
    this.#timer = setInterval(() => {
      try {
        this.pass();
      } catch (error) {
        this.options.onError(error);
      }
    }, this.options.everyMs);
    this.#timer.unref();
  }

  /** Stops the passes and closes the connection. */
  stop(): void {
    clearInterval(this.#timer);
    this.#db.close();
  }
}
