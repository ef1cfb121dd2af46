import type { TaskItem } from '@pastebox/contract/schemas/task';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_POLL_MS,
  bytesProgress,
  IDLE_POLL_MS,
  isActiveTask,
  itemsProgress,
  OPEN_POLL_MS,
  pollInterval,
  sortTasks,
  taskPercent,
} from './task-progress';

function task(overrides: Partial<TaskItem> = {}): TaskItem {
  return {
    id: 't1',
    type: 'copy',
    status: 'running',
    title: '/photos → /backup/',
    total_items: 10,
    processed_items: 3,
    total_bytes: 4 * 1024 * 1024,
    processed_bytes: 1024 * 1024,
    success_count: 3,
    skipped_count: 0,
    failed_count: 0,
    current_file: '/photos/a.jpg',
    error: null,
    failures: [],
    cancel_requested: false,
    created_by: 'admin',
    created_at: '2026-11-24T06:00:00.000Z',
    updated_at: '2026-11-24T06:00:01.000Z',
    started_at: '2026-11-24T06:00:00.500Z',
    finished_at: null,
    ...overrides,
  };
}

describe('task progress', () => {
  it('measures by bytes, by items when sizes are unknown, and not at all before counting', () => {
    expect(taskPercent(task())).toBe(25);
    expect(taskPercent(task({ total_bytes: 0, processed_bytes: 0 }))).toBe(30);
    expect(taskPercent(task({ total_bytes: 0, total_items: 0, processed_items: 0 }))).toBeNull();
  });

  it('never shows past 100 while the total is still growing, and full once completed', () => {
    expect(taskPercent(task({ processed_bytes: 5 * 1024 * 1024 }))).toBe(100);
    expect(taskPercent(task({ status: 'completed', total_bytes: 0, total_items: 0 }))).toBe(100);
    // Finished short of its bytes (a file failed): measured by the files it went through.
    expect(taskPercent(task({ status: 'partial', processed_items: 10 }))).toBe(100);
    expect(taskPercent(task({ status: 'cancelled', processed_items: 4 }))).toBe(40);
  });

  it('words items and bytes', () => {
    expect(itemsProgress(task())).toBe('3 / 10');
    expect(bytesProgress(task())).toBe('1 MiB / 4 MiB');
    expect(bytesProgress(task({ total_bytes: 0, processed_bytes: 1536 }))).toBe('1.5 KiB');
  });

  it('tells active from finished', () => {
    expect(isActiveTask(task({ status: 'pending' }))).toBe(true);
    expect(isActiveTask(task({ status: 'running' }))).toBe(true);
    for (const status of ['completed', 'failed', 'cancelled', 'partial'] as const) {
      expect(isActiveTask(task({ status }))).toBe(false);
    }
  });

  it('lists active tasks newest first, then finished ones by when they finished', () => {
    const tasks = [
      task({ id: 'old-done', status: 'completed', finished_at: '2026-11-24T05:00:00.000Z' }),
      task({ id: 'running-old', created_at: '2026-11-24T05:30:00.000Z' }),
      task({ id: 'new-done', status: 'failed', finished_at: '2026-11-24T06:10:00.000Z' }),
      task({ id: 'running-new', status: 'pending', created_at: '2026-11-24T06:05:00.000Z' }),
    ];
    const { active, finished } = sortTasks(tasks);
    expect(active.map((item) => item.id)).toEqual(['running-new', 'running-old']);
    expect(finished.map((item) => item.id)).toEqual(['new-done', 'old-done']);
  });

  it('polls every second while anything is active, slowly otherwise', () => {
    expect(pollInterval([task({ status: 'completed' }), task()])).toBe(ACTIVE_POLL_MS);
    expect(ACTIVE_POLL_MS).toBe(1000);
    expect(pollInterval([task({ status: 'partial' })])).toBe(IDLE_POLL_MS);
    expect(pollInterval([task({ status: 'partial' })], true)).toBe(OPEN_POLL_MS);
    expect(pollInterval([task()], true)).toBe(ACTIVE_POLL_MS);
    expect(pollInterval(undefined)).toBe(IDLE_POLL_MS);
  });
});
