import { z } from 'zod';
import { count } from './numbers';

/** SPEC §3 "Task", DESIGN §7: background work the server does on the caller's behalf. */
export const TASK_TYPES = ['copy', 'move', 'upload', 'delete', 'download'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_STATUSES = [
  'pending',
  'running',
  'completed',
  'failed',
  'cancelled',
  'partial',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses a task never leaves. */
export const FINISHED_TASK_STATUSES: readonly TaskStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'partial',
];

export const taskFailure = z.object({ path: z.string(), message: z.string() });

export const taskItem = z.object({
  id: z.string(),
  type: z.enum(TASK_TYPES),
  status: z.enum(TASK_STATUSES),
  /** What the task does, in words the task manager shows (e.g. "/a → /b/"). */
  title: z.string(),
  total_items: z.number().int().describe('Files to process; grows while folders are walked'),
  processed_items: z.number().int(),
  total_bytes: z.number(),
  processed_bytes: z.number(),
  success_count: z.number().int(),
  skipped_count: z.number().int(),
  failed_count: z.number().int(),
  current_file: z.string().nullable(),
  error: z.string().nullable(),
  /** The first failures (at most 100), each with its path. */
  failures: z.array(taskFailure),
  cancel_requested: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TaskItem = z.infer<typeof taskItem>;
export const taskList = z.array(taskItem);

export const taskListQuery = z.object({
  status: z.enum(['active', 'finished', 'all']).default('all'),
  limit: count({ min: 1, max: 200 }).default(50),
});
