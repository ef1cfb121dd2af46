import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { addMs, type Clock } from '@/lib/clock';
import { snapshotOf } from './progress';
import type { JobProgress, JobStore, StopReason } from './types';

export interface ProgressWriterOptions {
  store: JobStore;
  clock: Clock;
  logger: Logger;
  jobId: string;
  owner: string;
  progress: JobProgress;
  leaseMs: number;
  /** Least time between two writes that are not object boundaries. */
  throttleMs: number;
  /** A write at least this often, whatever the job does: the lease renewal. */
  renewMs: number;
  /** The cancel flag is read at least this often (by a write, else by a read of its own). */
  watchMs: number;
  /** Told when a write or read finds the job cancelled or the lease gone. */
  onStop: (reason: Extract<StopReason, 'cancel' | 'lease-lost'>) => void;
}

/**
 * Writes one job's progress, renewing its lease with every write: throttled while bytes
 * flow (a 1 GiB copy would otherwise write thousands of times a second), at once at an
 * object boundary. Each write reads back the cancel flag. A job can go long without a
 * write — one object copied inside the storage, a stalled network — while the cancel
 * lands on another instance: so a heartbeat every watchMs reads the flag alone (one small
 * SELECT by primary key) whenever nothing has asked the database for it in that time.
 * That bounds the database load to one query per watchMs per running job on top of the
 * progress writes, and a cancel is seen within watchMs wherever it was asked. Queries go
 * one after the other, never overlapping.
 */
export class ProgressWriter {
  private last = Number.NEGATIVE_INFINITY;
  /** When the flag was last read, by a write or a check. */
  private lastAsked = Number.NEGATIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();
  /** Queries queued or under way: the heartbeat adds none while the database is slow. */
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly options: ProgressWriterOptions) {}

  /** Starts the heartbeat: lease renewal and the cancel watch, until close(). */
  start(): void {
    this.heartbeat = setInterval(() => this.beat(), this.options.watchMs);
    this.heartbeat.unref();
  }

  /** Reads the cancel flag now (after any query under way); never rejects. */
  check(): Promise<void> {
    return this.enqueue(() => this.read());
  }

  /** Progress moved: a write now if the last one is old enough, else one when it is. */
  changed(): void {
    if (this.timer) {
      return;
    }
    const wait = this.last + this.options.throttleMs - performance.now();
    if (wait <= 0) {
      void this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  /** Writes now (after any write under way); never rejects. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    return this.enqueue(() => this.write());
  }

  /** No more writes or reads; resolves once the one under way (if any) is done. */
  async close(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
    await this.chain;
  }

  private enqueue(query: () => Promise<void>): Promise<void> {
    this.queued += 1;
    this.chain = this.chain.then(query).finally(() => {
      this.queued -= 1;
    });
    return this.chain;
  }

  private beat(): void {
    if (this.queued > 0) {
      return;
    }
    const now = performance.now();
    if (now - this.last >= this.options.renewMs) {
      void this.flush();
    } else if (now - this.lastAsked >= this.options.watchMs) {
      void this.check();
    }
  }

  private async read(): Promise<void> {
    const { store, jobId, owner } = this.options;
    this.lastAsked = performance.now();
    try {
      this.stopIf(await store.cancelRequested(jobId, owner));
    } catch (error) {
      this.options.logger.warn({ err: error, jobId }, 'reading a job’s cancel flag failed');
    }
  }

  private stopIf(held: { cancelRequested: boolean } | null): void {
    if (!held) {
      this.options.onStop('lease-lost');
    } else if (held.cancelRequested) {
      this.options.onStop('cancel');
    }
  }

  private async write(): Promise<void> {
    const { store, clock, jobId, owner, progress, leaseMs } = this.options;
    this.last = performance.now();
    this.lastAsked = this.last;
    const now = clock.now();
    try {
      this.stopIf(await store.save(jobId, owner, snapshotOf(progress), now, addMs(now, leaseMs)));
    } catch (error) {
      // A database hiccup: the next write (at the latest the lease renewal) tries again.
      this.options.logger.warn({ err: error, jobId }, 'writing a job’s progress failed');
    }
  }
}
