import {
  TASK_STATUSES,
  TASK_TYPES,
  taskFailure,
  type TaskItem,
  type TaskStatus,
  type TaskType,
} from '@pastebox/contract/schemas/task';
import { z } from 'zod';
import type { JobFailure } from '@/jobs/types';
import type { TaskRow } from './repo';

const failureList = z.array(taskFailure);

/** The failures column (JSON); a damaged value shows as none rather than failing the list. */
export function failuresOf(json: string): JobFailure[] {
  try {
    const parsed = failureList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function typeOf(value: string): TaskType {
  return TASK_TYPES.find((type) => type === value) ?? 'copy';
}

function statusOf(value: string): TaskStatus {
  return TASK_STATUSES.find((status) => status === value) ?? 'failed';
}

/**
 * A task row as the API answers it, field by field: the payload (which holds the caller's
 * scope), the checkpoint and the lease stay on the server.
 */
export function presentTask(row: TaskRow): TaskItem {
  return {
    id: row.id,
    type: typeOf(row.type),
    status: statusOf(row.status),
    title: row.title,
    total_items: Number(row.total_items),
    processed_items: Number(row.processed_items),
    total_bytes: Number(row.total_bytes),
    processed_bytes: Number(row.processed_bytes),
    success_count: Number(row.success_count),
    skipped_count: Number(row.skipped_count),
    failed_count: Number(row.failed_count),
    current_file: row.current_file,
    error: row.error,
    failures: failuresOf(row.failures),
    cancel_requested: Number(row.cancel_requested) === 1,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}
