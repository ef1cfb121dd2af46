import type { AppDeps } from '@/context';
import type { ClaimedJob, JobProgress, JobStore } from '@/jobs/types';
import { failuresOf } from './presenter';
import { TasksRepo, type TaskProgressColumns, type TaskRow } from './repo';

/** The columns of a job's progress. */
function columnsOf(progress: JobProgress): TaskProgressColumns {
  return {
    total_items: progress.totalItems,
    processed_items: progress.processedItems,
    total_bytes: progress.totalBytes,
    processed_bytes: progress.processedBytes,
    success_count: progress.successCount,
    skipped_count: progress.skippedCount,
    failed_count: progress.failedCount,
    current_file: progress.currentFile,
    failures: JSON.stringify(progress.failures),
    checkpoint: progress.checkpoint,
  };
}

function progressOf(row: TaskRow): JobProgress {
  return {
    totalItems: Number(row.total_items),
    processedItems: Number(row.processed_items),
    totalBytes: Number(row.total_bytes),
    processedBytes: Number(row.processed_bytes),
    successCount: Number(row.success_count),
    skippedCount: Number(row.skipped_count),
    failedCount: Number(row.failed_count),
    currentFile: row.current_file,
    failures: failuresOf(row.failures),
    checkpoint: row.checkpoint,
  };
}

function claimedJobOf(row: TaskRow): ClaimedJob {
  return {
    id: row.id,
    type: row.type,
    payload: row.payload,
    attempts: Number(row.attempts),
    progress: progressOf(row),
    cancelRequested: Number(row.cancel_requested) === 1,
  };
}

/** The tasks table as the job runner (src/jobs, which knows no module) sees it. */
export function taskJobStore(deps: AppDeps): JobStore {
  const repo = new TasksRepo(deps.db, deps.dialect);
  return {
    async claim(owner, now, leaseUntil, skip) {
      const row = await repo.claim(owner, now.toISOString(), leaseUntil.toISOString(), skip);
      return row ? claimedJobOf(row) : null;
    },
    async save(id, owner, progress, now, leaseUntil) {
      const row = await repo.saveProgress(
        id,
        owner,
        columnsOf(progress),
        now.toISOString(),
        leaseUntil.toISOString(),
      );
      return row ? { cancelRequested: Number(row.cancel_requested) === 1 } : null;
    },
    async cancelRequested(id, owner) {
      const row = await repo.cancelFlag(id, owner);
      return row ? { cancelRequested: Number(row.cancel_requested) === 1 } : null;
    },
    async finish(id, owner, status, progress, error, now) {
      await repo.finish(id, owner, { ...columnsOf(progress), status, error }, now.toISOString());
    },
    async release(id, owner, now) {
      await repo.release(id, owner, now.toISOString());
    },
  };
}
