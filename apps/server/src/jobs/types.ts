/**
 * Background jobs (DESIGN §7): claimed from the database with a lease, so a job survives a
 * restart and another instance takes over a dead one's job. jobs/ knows no module: the
 * tasks module hands the runner a JobStore (its repository) and the handlers per type.
 */

/** One object a job could not deal with. */
export interface JobFailure {
  path: string;
  message: string;
}

/** What a job has done so far, as the task row stores it. */
export interface JobProgress {
  /** Objects to process; grows while a job discovers its work (folders being walked). */
  totalItems: number;
  processedItems: number;
  totalBytes: number;
  processedBytes: number;
  successCount: number;
  skippedCount: number;
  failedCount: number;
  currentFile: string | null;
  /** The first failures, at most MAX_FAILURES. */
  failures: JobFailure[];
  /** The handler's own JSON: where a runner that takes the job over resumes. */
  checkpoint: string | null;
}

/** A job this runner now holds the lease of. */
export interface ClaimedJob {
  id: string;
  type: string;
  /** The handler's own JSON: what to do. */
  payload: string;
  /** How many times a runner claimed it, this time included (more than 1: taken over). */
  attempts: number;
  /** Empty for a fresh job; the previous runner's last write for one taken over. */
  progress: JobProgress;
  cancelRequested: boolean;
}

export type FinalStatus = 'completed' | 'failed' | 'cancelled' | 'partial';

/** The database side of the runner; every write is conditional on holding the lease. */
export interface JobStore {
  /**
   * Claims the oldest job that is pending, or running under a lease that expired before
   * `now`, for `owner` until `leaseUntil`; jobs in `skip` (those the runner is working on)
   * are left alone. Two runners never get the same job: the claim is one conditional write.
   */
  claim(
    owner: string,
    now: Date,
    leaseUntil: Date,
    skip: readonly string[],
  ): Promise<ClaimedJob | null>;
  /** Writes progress and extends the lease; null when `owner` no longer holds it. */
  save(
    id: string,
    owner: string,
    progress: JobProgress,
    now: Date,
    leaseUntil: Date,
  ): Promise<{ cancelRequested: boolean } | null>;
  /**
   * The cancel flag alone, read while `owner` holds the job (null when it no longer does):
   * how a runner learns of a cancel asked through another instance between two writes.
   */
  cancelRequested(id: string, owner: string): Promise<{ cancelRequested: boolean } | null>;
  /** Ends the job (status, finished_at, the last progress) if `owner` still holds it. */
  finish(
    id: string,
    owner: string,
    status: FinalStatus,
    progress: JobProgress,
    error: string | null,
    now: Date,
  ): Promise<void>;
  /** Lets go of an unfinished job (shutdown): its lease ends now, so any runner resumes it. */
  release(id: string, owner: string, now: Date): Promise<void>;
}

/** What a handler is given besides its job. */
export interface JobContext {
  /**
   * Aborts when the job is cancelled, its lease is lost or the runner stops: the handler
   * stops at once, the write in flight abandoned (see CopyOptions.signal).
   */
  readonly signal: AbortSignal;
  /** Mutable: the handler counts here; the runner writes it. */
  readonly progress: JobProgress;
  /** Progress moved: written at most every progress interval. */
  changed(): void;
  /** An object boundary: progress (and checkpoint) written now, the cancel flag read back. */
  boundary(): Promise<void>;
}

/**
 * Does one job. Resolves when the work is done (the status follows from the counts);
 * rejects with the signal's reason when stopped, or with an error that fails the job.
 */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<void>;

export type StopReason = 'cancel' | 'lease-lost' | 'shutdown';

/** The reason a job's signal aborts with. */
export class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`job stopped: ${reason}`);
    this.name = 'JobStopped';
  }
}
