import type { TaskItem } from '@pastebox/contract/schemas/task';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { openTaskManager } from '@/lib/task-manager';
import { renderWithProviders } from '@/test/render';
import { TaskManagerButton } from './TaskManagerButton';

function task(overrides: Partial<TaskItem>): TaskItem {
  return {
    id: 't1',
    type: 'copy',
    status: 'running',
    title: '/team/src → /team/copy/',
    total_items: 4,
    processed_items: 1,
    total_bytes: 4096,
    processed_bytes: 1024,
    success_count: 1,
    skipped_count: 0,
    failed_count: 0,
    current_file: '/team/src/b.txt',
    error: null,
    failures: [],
    cancel_requested: false,
    created_by: 'admin',
    created_at: '2026-11-24T06:00:00.000Z',
    updated_at: '2026-11-24T06:00:01.000Z',
    started_at: '2026-11-24T06:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

/**
 * The manager is a lazy chunk, and the drawer names itself once its title has rendered: on a
 * busy machine that takes longer than Testing Library's default second.
 */
const LAZY_WAIT = { timeout: 5000 };

const TASKS = [
  task({}),
  task({
    id: 't2',
    status: 'partial',
    title: '/photos → /backup/',
    processed_items: 4,
    success_count: 3,
    failed_count: 1,
    finished_at: '2026-11-24T05:00:00.000Z',
    failures: [{ path: '/photos/raw.cr2', message: 'The storage refused the write' }],
  }),
  task({ id: 't3', status: 'completed', title: '/a → /b/', finished_at: '2026-11-24T04:00:00Z' }),
];

let calls: { method: string; path: string }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname });
      const data = method === 'GET' ? TASKS : method === 'POST' ? TASKS[0] : null;
      return Promise.resolve(Response.json({ code: 200, message: 'OK', data, success: true }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('TaskManagerButton', () => {
  it('is not there for a key without mount permission', async () => {
    authStore.signInApiKey(
      'key',
      { id: 'k1', name: 'Robot', basic_path: '/' },
      { text: true, file: true, mount: false },
    );
    await renderWithProviders(<TaskManagerButton />);
    expect(screen.queryByRole('button', { name: /Task manager/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('badges the active tasks of a key through /user/tasks', async () => {
    authStore.signInApiKey(
      'key',
      { id: 'k1', name: 'Robot', basic_path: '/team' },
      { text: false, file: false, mount: true },
    );
    await renderWithProviders(<TaskManagerButton />);
    expect(
      await screen.findByRole('button', { name: 'Task manager: 1 active' }, LAZY_WAIT),
    ).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'GET', path: '/api/user/tasks' });
  });

  it('shows progress and outcomes, cancels an active task and clears the finished ones', async () => {
    authStore.signInAdmin('tok');
    const user = userEvent.setup();
    await renderWithProviders(<TaskManagerButton />);
    await user.click(
      await screen.findByRole('button', { name: 'Task manager: 1 active' }, LAZY_WAIT),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Task manager' }, LAZY_WAIT);

    const running = within(drawer).getByRole('article', { name: '/team/src → /team/copy/' });
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(running).getByText('Files 1 / 4 · 1 KiB / 4 KiB · 25%')).toBeInTheDocument();
    expect(within(running).getByText('Now: /team/src/b.txt')).toBeInTheDocument();

    const partial = within(drawer).getByRole('article', { name: '/photos → /backup/' });
    expect(within(partial).getByText('3 done · 0 skipped · 1 failed')).toBeInTheDocument();
    await user.click(within(partial).getByRole('button', { name: 'Show failures (1)' }));
    expect(within(partial).getByText('/photos/raw.cr2')).toBeInTheDocument();

    await user.click(within(running).getByRole('button', { name: 'Cancel' }));
    await user.click(within(drawer).getByRole('button', { name: 'Clear finished' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method !== 'GET')).toEqual([
        { method: 'POST', path: '/api/admin/tasks/t1/cancel' },
        { method: 'DELETE', path: '/api/admin/tasks/t2' },
        { method: 'DELETE', path: '/api/admin/tasks/t3' },
      ]),
    );
  });

  it('opens when a task is started elsewhere in the app, with the list fetched afresh', async () => {
    authStore.signInAdmin('tok');
    await renderWithProviders(<TaskManagerButton />);
    await screen.findByRole('button', { name: 'Task manager: 1 active' }, LAZY_WAIT);
    const reads = calls.length;
    act(() => openTaskManager());
    expect(
      await screen.findByRole('dialog', { name: 'Task manager' }, LAZY_WAIT),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.length).toBeGreaterThan(reads));
  });
});
