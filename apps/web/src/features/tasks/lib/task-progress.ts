import {
  FINISHED_TASK_STATUSES,
  type TaskItem,
  type TaskStatus,
} from '@pastebox/contract/schemas/task';
import { formatBytes } from '@/lib/uploader/format';

/** A task the runner has not finished: waiting for a runner or being worked on. */
export function isActiveTask(task: Pick<TaskItem, 'status'>): boolean {
  return !FINISHED_TASK_STATUSES.includes(task.status);
}

/**
 * How far a task is, 0–100, or null while there is nothing to measure yet (a copy still
 * walking its folders). Bytes measure a copy best (one large file is most of the work);
 * items stand in when the sizes are unknown, and measure a finished task.
 */
export function taskPercent(task: TaskItem): number | null {
  if (task.status === 'completed') {
    return 100;
  }
  // A finished task's bytes stop short by whatever failed or was skipped: count its files.
  const byBytes = isActiveTask(task) && task.total_bytes > 0;
  const ratio = byBytes
    ? task.processed_bytes / task.total_bytes
    : task.total_items > 0
      ? task.processed_items / task.total_items
      : null;
  if (ratio === null) {
    return null;
  }
  // A total that grows while folders are walked can lag behind: never show past 100.
  return Math.min(100, Math.max(0, Math.floor(ratio * 100)));
}

/** "3 / 10" items. */
export function itemsProgress(task: TaskItem): string {
  return `${task.processed_items} / ${task.total_items}`;
}

/** "1.5 MB / 10 MB", or just what is done while the total is unknown. */
export function bytesProgress(task: TaskItem): string {
  if (task.total_bytes <= 0) {
    return formatBytes(task.processed_bytes);
  }
  return `${formatBytes(task.processed_bytes)} / ${formatBytes(task.total_bytes)}`;
}

/** The colour a status is shown in, the same in the badge and the progress bar. */
export const STATUS_COLOR: Record<TaskStatus, string> = {
  pending: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
  partial: 'orange',
};

/** Active tasks first (newest first), then finished ones, newest finish first. */
export function sortTasks(tasks: readonly TaskItem[]): {
  active: TaskItem[];
  finished: TaskItem[];
} {
  const newest = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');
  const active = tasks.filter(isActiveTask).sort((a, b) => newest(a.created_at, b.created_at));
  const finished = tasks
    .filter((task) => !isActiveTask(task))
    .sort((a, b) => newest(a.finished_at ?? a.updated_at, b.finished_at ?? b.updated_at));
  return { active, finished };
}

/**
 * Poll every second while anything runs (SPEC §2 live progress); with nothing running, every
 * few seconds while the manager is open (a task started elsewhere appears), rarely otherwise.
 */
export const ACTIVE_POLL_MS = 1_000;
export const OPEN_POLL_MS = 5_000;
export const IDLE_POLL_MS = 30_000;

export function pollInterval(tasks: readonly TaskItem[] | undefined, managerOpen = false): number {
  if (tasks?.some(isActiveTask)) {
    return ACTIVE_POLL_MS;
  }
  return managerOpen ? OPEN_POLL_MS : IDLE_POLL_MS;
}
