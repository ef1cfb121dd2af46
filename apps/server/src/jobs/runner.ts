import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { addMs, type Clock } from '@/lib/clock';
import { finalStatusOf } from './progress';
import { ProgressWriter } from './progress-writer';
import {
  JobStopped,
  type ClaimedJob,
  type FinalStatus,
  type JobHandler,
  type JobStore,
  type StopReason,
} from './types';

export interface JobRunnerOptions {
  store: JobStore;
  /** One handler per job type; a job of another type fails. */
  handlers: Readonly<Record<string, JobHandler>>;
  clock: Clock;
  logger: Logger;
  /** This runner's name in lease_owner; unique per process by default. */
  owner?: string;
  /** How often the database is asked for work (a job created here kicks it at once). */
  pollMs?: number;
  /** How long a claim holds without renewal; renewed every third of it while working. */
  leaseMs?: number;
  /** Least time between two progress writes inside one object. */
  progressMs?: number;
  /** How often a running job's cancel flag is read when no progress write has read it. */
  watchMs?: number;
  /** Jobs this runner works on at once. */
  concurrency?: number;
  /** A job claimed this many times (its runners kept dying) is failed, not retried. */
  maxAttempts?: number;
  /** How long stop() lets running jobs end (their objects in flight aborted) before letting go. */
  stopGraceMs?: number;
}

interface RunningJob {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
  /** Set once the handler runs: what reads the cancel flag on demand. */
  writer: ProgressWriter | null;
}

const DEFAULTS = {
  pollMs: 1_000,
  leaseMs: 30_000,
  progressMs: 500,
  watchMs: 1_000,
  concurrency: 2,
  maxAttempts: 5,
  stopGraceMs: 3_000,
};

/** A lease_owner that tells instances apart in the table: host, process, random tail. */
function defaultOwner(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Why the job's signal aborted, when the runner aborted it. */
function stoppedBy(signal: AbortSignal): StopReason | null {
  const reason = signal.reason as unknown;
  return signal.aborted && reason instanceof JobStopped ? reason.reason : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The background-job runner (DESIGN §7): polls the database for a job, claims it with a
 * lease, runs its type's handler with progress written as it goes, and sets the final
 * status. Several runners (instances) share one database safely: a claim is one
 * conditional write, every later write is conditional on still holding the lease, and a
 * job whose runner died is taken over once its lease has expired.
 */
export class JobRunner {
  readonly owner: string;
  private readonly settings: typeof DEFAULTS;
  private readonly running = new Map<string, RunningJob>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  /** The poll under way, awaited by stop() so no claim lands after it. */
  private pollRun: Promise<void> = Promise.resolve();
  private pollAgain = false;
  private stopped = true;

  constructor(private readonly options: JobRunnerOptions) {
    this.owner = options.owner ?? defaultOwner();
    this.settings = {
      pollMs: options.pollMs ?? DEFAULTS.pollMs,
      leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
      progressMs: options.progressMs ?? DEFAULTS.progressMs,
      watchMs: options.watchMs ?? DEFAULTS.watchMs,
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
      stopGraceMs: options.stopGraceMs ?? DEFAULTS.stopGraceMs,
    };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (a job was just created on this instance, or one just ended). */
  kick(): void {
    if (!this.stopped) {
      this.schedule(0);
    }
  }

  /** Ids of the jobs this runner is working on. */
  activeJobs(): string[] {
    return [...this.running.keys()];
  }

  /**
   * A cancel of this job was just asked on this instance: its flag is read now instead of
   * at the next heartbeat, so the job stops at once. Nothing for a job not running here.
   */
  cancelAsked(id: string): Promise<void> {
    return this.running.get(id)?.writer?.check() ?? Promise.resolve();
  }

  /**
   * Stops polling and stops every running job, its object in flight abandoned; a job
   * still busy after the grace period is let go of (its lease ends now), so another
   * instance resumes it from its checkpoint.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.pollRun;
    const runs = [...this.running.values()];
    for (const run of runs) {
      run.controller.abort(new JobStopped('shutdown'));
    }
    const settled = Promise.allSettled(runs.map((run) => run.done));
    await Promise.race([settled, sleep(this.settings.stopGraceMs, undefined, { ref: false })]);
    for (const run of this.running.values()) {
      await this.release(run.job.id);
    }
  }

  private schedule(delayMs: number): void {
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pollRun = this.poll();
    }, delayMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (!this.stopped && this.running.size < this.settings.concurrency) {
        const now = this.options.clock.now();
        const job = await this.options.store.claim(
          this.owner,
          now,
          addMs(now, this.settings.leaseMs),
          this.activeJobs(),
        );
        if (!job) {
          break;
        }
        if (this.stopped) {
          // stop() came while this claim was on its way: the job is left for another runner.
          await this.release(job.id);
          break;
        }
        this.launch(job);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'claiming a job failed');
    } finally {
      this.polling = false;
    }
    if (!this.stopped) {
      const again = this.pollAgain && this.running.size < this.settings.concurrency;
      this.pollAgain = false;
      this.schedule(again ? 0 : this.settings.pollMs);
    }
  }

  private launch(job: ClaimedJob): void {
    const controller = new AbortController();
    const run: RunningJob = { job, controller, done: Promise.resolve(), writer: null };
    this.running.set(job.id, run);
    run.done = this.execute(run)
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, jobId: job.id }, 'a job runner step failed');
      })
      .finally(() => {
        this.running.delete(job.id);
        this.kick();
      });
  }

  private async execute(run: RunningJob): Promise<void> {
    const { job, controller } = run;
    const { store, clock, logger } = this.options;
    const progress = job.progress;
    const finish = (status: FinalStatus, error: string | null) =>
      store.finish(job.id, this.owner, status, progress, error, clock.now());
    if (job.cancelRequested) {
      return finish('cancelled', null);
    }
    const handler = this.options.handlers[job.type];
    if (!handler) {
      return finish('failed', `No handler for jobs of type ${job.type}`);
    }
    if (job.attempts > this.settings.maxAttempts) {
      return finish('failed', `Gave up after ${job.attempts - 1} attempts`);
    }
    const stop = (reason: StopReason) => {
      if (!controller.signal.aborted) {
        controller.abort(new JobStopped(reason));
      }
    };
    const writer = new ProgressWriter({
      store,
      clock,
      logger,
      jobId: job.id,
      owner: this.owner,
      progress,
      leaseMs: this.settings.leaseMs,
      throttleMs: this.settings.progressMs,
      renewMs: this.settings.leaseMs / 3,
      watchMs: this.settings.watchMs,
      onStop: stop,
    });
    run.writer = writer;
    writer.start();
    let outcome: { status: FinalStatus; error: string | null } | StopReason;
    try {
      await handler(job, {
        signal: controller.signal,
        progress,
        changed: () => writer.changed(),
        boundary: () => writer.flush(),
      });
      const status = finalStatusOf(progress);
      const error = status === 'failed' ? (progress.failures[0]?.message ?? null) : null;
      // Cancelled while its last object was being written: the task ends as it was asked.
      outcome = stoppedBy(controller.signal) === 'cancel' ? 'cancel' : { status, error };
    } catch (error) {
      const reason = stoppedBy(controller.signal);
      if (reason) {
        outcome = reason;
      } else {
        logger.warn({ err: error, jobId: job.id }, 'a job failed');
        outcome = { status: 'failed', error: messageOf(error) };
      }
    } finally {
      await writer.close();
    }
    progress.currentFile = null;
    if (outcome === 'shutdown') {
      return this.release(job.id);
    }
    if (outcome === 'lease-lost') {
      // Another runner holds it now; whatever this one wrote last is its to go on from.
      return;
    }
    return outcome === 'cancel' ? finish('cancelled', null) : finish(outcome.status, outcome.error);
  }

  private async release(id: string): Promise<void> {
    try {
      await this.options.store.release(id, this.owner, this.options.clock.now());
    } catch (error) {
      this.options.logger.warn({ err: error, jobId: id }, 'letting go of a job failed');
    }
  }
}
