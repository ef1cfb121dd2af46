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
  /** Told when a write finds the job cancelled or the lease gone. */
  onStop: (reason: Extract<StopReason, 'cancel' | 'lease-lost'>) => void;
}

/**
 * Writes one job's progress, renewing its lease with every write: throttled while bytes
 * flow (a 1 GiB copy would otherwise write thousands of times a second), at once at an
 * object boundary. Writes go one after the other, never overlapping, and each one reads
 * back the cancel flag — so a cancel is seen at the next boundary at the latest.
 */
export class ProgressWriter {
  private last = Number.NEGATIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ProgressWriterOptions) {}

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
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  /** No more throttled writes; resolves once the write under way (if any) is done. */
  async close(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.chain;
  }

  private async write(): Promise<void> {
    const { store, clock, jobId, owner, progress, leaseMs } = this.options;
    this.last = performance.now();
    const now = clock.now();
    try {
      const held = await store.save(jobId, owner, snapshotOf(progress), now, addMs(now, leaseMs));
      if (!held) {
        this.options.onStop('lease-lost');
      } else if (held.cancelRequested) {
        this.options.onStop('cancel');
      }
    } catch (error) {
      // A database hiccup: the next write (at the latest the lease renewal) tries again.
      this.options.logger.warn({ err: error, jobId }, 'writing a job’s progress failed');
    }
  }
}
