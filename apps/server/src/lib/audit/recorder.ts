import type { Insertable } from 'kysely';
import type { AppDeps } from '@/context';
import type { Database } from '@/db/types';
import { newId } from '../ids';

export type AuditRow = Insertable<Database['audit_events']>;

/** How long an entry waits for others to share its INSERT. */
const FLUSH_DELAY_MS = 250;
/** A queue this long is written at once. */
const FLUSH_SIZE = 200;
/** Rows per INSERT: well under both databases' bind-parameter limits (11 columns each). */
const ROWS_PER_INSERT = 100;
/** A queue never grows past this while the database is away: older entries are dropped, counted. */
const MAX_QUEUED = 20_000;

/**
 * The audit log's writer (DESIGN §12): entries are queued in memory and written in
 * batches, off the request's path, so recording never slows or fails the request it
 * records. A batch that cannot be written is counted and logged, never thrown at a user.
 */
export class AuditRecorder {
  #queue: AuditRow[] = [];
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();
  /** Entries lost because their batch could not be written (or the queue overflowed). */
  failed = 0;

  constructor(private readonly deps: AppDeps) {}

  record(entry: Omit<AuditRow, 'id'>): void {
    if (this.#queue.length >= MAX_QUEUED) {
      this.#queue.shift();
      this.failed += 1;
    }
    this.#queue.push({ id: newId(), ...entry });
    if (this.#queue.length >= FLUSH_SIZE) {
      void this.flush();
    } else if (this.#timer === null) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
      this.#timer.unref();
    }
  }

  /** Entries still being put together (an answer's copy being read): a flush waits for them. */
  #arriving = new Set<Promise<unknown>>();

  /** Notes an entry on its way, so that a flush includes it. */
  expect(arriving: Promise<unknown>): void {
    this.#arriving.add(arriving);
    void arriving.finally(() => this.#arriving.delete(arriving));
  }

  /** Writes what is queued; resolves when it (and every earlier write) is done. */
  async flush(): Promise<void> {
    if (this.#arriving.size > 0) {
      await Promise.allSettled([...this.#arriving]);
    }
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const batch = this.#queue;
    this.#queue = [];
    this.#writing = this.#writing.then(() => this.#write(batch));
    await this.#writing;
  }

  async #write(batch: AuditRow[]): Promise<void> {
    for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
      const rows = batch.slice(start, start + ROWS_PER_INSERT);
      try {
        await this.deps.db.insertInto('audit_events').values(rows).execute();
      } catch (error) {
        this.failed += rows.length;
        this.deps.logger.error(
          { err: error, lost: rows.length, lostSoFar: this.failed },
          'audit entries could not be written',
        );
      }
    }
  }
}

const recorders = new WeakMap<AppDeps, AuditRecorder>();

/** The app's audit recorder (one per AppDeps: per test app, per process). */
export function auditRecorderOf(deps: AppDeps): AuditRecorder {
  let recorder = recorders.get(deps);
  if (!recorder) {
    recorder = new AuditRecorder(deps);
    recorders.set(deps, recorder);
  }
  return recorder;
}
