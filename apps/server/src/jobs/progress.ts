import type { FinalStatus, JobFailure, JobProgress } from './types';

/** Failures kept per job: enough to act on, bounded however many objects fail. */
export const MAX_FAILURES = 100;

export function emptyProgress(): JobProgress {
  return {
    totalItems: 0,
    processedItems: 0,
    totalBytes: 0,
    processedBytes: 0,
    successCount: 0,
    skippedCount: 0,
    failedCount: 0,
    currentFile: null,
    failures: [],
    checkpoint: null,
  };
}

/** A copy to hand to the store: later counting cannot change what is being written. */
export function snapshotOf(progress: JobProgress): JobProgress {
  return { ...progress, failures: [...progress.failures] };
}

/** Counts a failed object and keeps its reason while there is room. */
export function recordFailure(progress: JobProgress, failure: JobFailure): void {
  progress.failedCount += 1;
  if (progress.failures.length < MAX_FAILURES) {
    progress.failures.push(failure);
  }
}

/**
 * How a job that ran to its end ended: completed without a failure, failed when nothing
 * succeeded (or was skipped), partial otherwise.
 */
export function finalStatusOf(progress: JobProgress): Exclude<FinalStatus, 'cancelled'> {
  if (progress.failedCount === 0) {
    return 'completed';
  }
  return progress.successCount + progress.skippedCount > 0 ? 'partial' : 'failed';
}
