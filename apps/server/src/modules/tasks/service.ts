import type { TaskItem } from '@pastebox/contract/schemas/task';
import type { AppDeps } from '@/context';
import { JobRunner, type JobRunnerOptions } from '@/jobs/runner';
import type { JobHandler } from '@/jobs/types';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { Caller } from '@/vfs/types';
import { copyJobHandler, type CopyPayload } from './copy-job';
import { taskJobStore } from './job-store';
import { moveJobHandler } from './move-job';
import { presentTask } from './presenter';
import { TasksRepo, type TaskScope, type TaskStatusFilter } from './repo';

/**
 * Background tasks (issue 9 "Tasks", DESIGN §7): created by the calls that start them,
 * worked on by the job runner of whichever instance claims them first, listed, cancelled
 * and cleared through /admin/tasks and /user/tasks. A key sees only its own tasks.
 */

/** The runner of each app instance, so a task created here is picked up at once. */
const runners = new WeakMap<AppDeps, JobRunner>();

function repoOf(deps: AppDeps): TasksRepo {
  return new TasksRepo(deps.db, deps.dialect);
}

/** The handler of each task type the runner knows. */
export function taskHandlers(deps: AppDeps): Record<string, JobHandler> {
  return { copy: copyJobHandler(deps), move: moveJobHandler(deps) };
}

/** A runner over this app's tasks table (not started); tests make several. */
export function createTaskRunner(
  deps: AppDeps,
  options: Partial<Omit<JobRunnerOptions, 'store' | 'clock' | 'logger'>> = {},
): JobRunner {
  return new JobRunner({
    store: taskJobStore(deps),
    handlers: taskHandlers(deps),
    clock: deps.clock,
    logger: deps.logger,
    ...options,
  });
}

/** Starts this instance's runner; the answer stops it (clean shutdown, before the database closes). */
export function startTaskRunner(deps: AppDeps): () => Promise<void> {
  const runner = createTaskRunner(deps);
  runners.set(deps, runner);
  runner.start();
  return async () => {
    runners.delete(deps);
    await runner.stop();
  };
}

export interface CopyTaskRequest {
  createdBy: string;
  caller: Caller;
  /** Checked for the caller and resolved to full destinations already. */
  items: CopyPayload['items'];
  skipExisting: boolean;
}

/** What the task manager shows: the first copy or move, and how many more there are. */
function transferTitle(type: 'copy' | 'move', items: CopyPayload['items']): string {
  const [first] = items;
  const more = items.length > 1 ? ` (+${items.length - 1})` : '';
  return first ? `${first.from} → ${first.to}${more}` : type;
}

/** A copy or move task, pending: the runner of this instance is kicked to start it now. */
async function createTransferTask(
  deps: AppDeps,
  type: 'copy' | 'move',
  request: CopyTaskRequest,
): Promise<TaskItem> {
  const now = isoNow(deps.clock);
  const payload: CopyPayload = {
    caller: request.caller,
    items: request.items,
    skipExisting: request.skipExisting,
    holder: request.createdBy,
  };
  const row = await repoOf(deps).insert({
    id: newId(),
    type,
    status: 'pending',
    title: transferTitle(type, request.items),
    payload: JSON.stringify(payload),
    total_bytes: 0,
    processed_bytes: 0,
    current_file: null,
    error: null,
    checkpoint: null,
    lease_owner: null,
    lease_expires_at: null,
    created_by: request.createdBy,
    created_at: now,
    updated_at: now,
    started_at: null,
    finished_at: null,
  });
  runners.get(deps)?.kick();
  return presentTask(row);
}

/** A copy task (batch-copy), pending. */
export function createCopyTask(deps: AppDeps, request: CopyTaskRequest): Promise<TaskItem> {
  return createTransferTask(deps, 'copy', request);
}

/** A move task (batch-move, issue 30), pending; its items are checked for removal too. */
export function createMoveTask(deps: AppDeps, request: CopyTaskRequest): Promise<TaskItem> {
  return createTransferTask(deps, 'move', request);
}

export async function listTasks(
  deps: AppDeps,
  scope: TaskScope,
  query: { status: TaskStatusFilter; limit: number },
): Promise<TaskItem[]> {
  const rows = await repoOf(deps).list(scope, query.status, query.limit);
  return rows.map(presentTask);
}

/** One task; someone else's is indistinguishable from a missing one (404). */
export async function getTask(deps: AppDeps, scope: TaskScope, id: string): Promise<TaskItem> {
  const row = await repoOf(deps).findById(id, scope);
  if (!row) {
    throw new AppError('TASK_NOT_FOUND');
  }
  return presentTask(row);
}

/**
 * A pending task ends cancelled at once; a running one is asked to stop and does within
 * about a second, whichever instance runs it, its object in flight abandoned (nothing of
 * it left at the target); a finished one stays as it is. Answers the task as it now is.
 */
export async function cancelTask(deps: AppDeps, scope: TaskScope, id: string): Promise<TaskItem> {
  const repo = repoOf(deps);
  const now = isoNow(deps.clock);
  const cancelled = await repo.cancelPending(id, scope, now);
  if (cancelled) {
    return presentTask(cancelled);
  }
  await repo.requestCancel(id, scope, now);
  // Running here: stopped now. Elsewhere its runner reads the flag at its next heartbeat.
  void runners.get(deps)?.cancelAsked(id);
  return getTask(deps, scope, id);
}

/** Clears a finished task; an active one is refused (409), cancel it first. */
export async function deleteTask(deps: AppDeps, scope: TaskScope, id: string): Promise<void> {
  const repo = repoOf(deps);
  const result = await repo.deleteFinished(id, scope);
  if (Number(result.numDeletedRows) > 0) {
    return;
  }
  await getTask(deps, scope, id);
  throw new AppError('TASK_NOT_FINISHED');
}

/** How long a finished task stays in the task manager before the sweeper clears it. */
export const FINISHED_TASK_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Clears finished tasks older than the retention; answers how many went. */
export async function sweepFinishedTasks(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - FINISHED_TASK_RETENTION_MS);
  const result = await repoOf(deps).deleteFinishedBefore(before.toISOString());
  return Number(result.numDeletedRows);
}
