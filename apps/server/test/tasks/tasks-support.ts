import type { BatchCopyBody, BatchCopyResult } from '@pastebox/contract/schemas/fs';
import type { TaskItem } from '@pastebox/contract/schemas/task';
import { expect } from 'vitest';
import type { JobRunner } from '@/jobs/runner';
import type { JobHandler } from '@/jobs/types';
import { createTaskRunner, taskHandlers } from '@/modules/tasks/service';
import type { ApiClient, ApiResponse } from '../support/api-client';
import type { TestServer } from '../support/test-server';

/**
 * Builders for the tasks tests (test/tasks): batch-copy and the tasks calls over real
 * HTTP in the caller's family, waits on a condition instead of sleeps, and runners the
 * test drives itself (several on one database, or one that stalls where the test says).
 */

const WAIT_MS = 20_000;

/** `/api/{admin|user}` for the client's family. */
export function familyOf(client: ApiClient): string {
  return client.authorization?.startsWith('ApiKey ') ? '/api/user' : '/api/admin';
}

export function startCopy(
  client: ApiClient,
  body: BatchCopyBody,
): Promise<ApiResponse<BatchCopyResult>> {
  return client.post<BatchCopyResult>(`${familyOf(client)}/fs/batch-copy`, body);
}

/** batch-copy that must be accepted; answers the task id. */
export async function startedCopy(client: ApiClient, body: BatchCopyBody): Promise<string> {
  const res = await startCopy(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.taskId;
}

export async function taskOf(client: ApiClient, id: string): Promise<TaskItem> {
  const res = await client.get<TaskItem>(`${familyOf(client)}/tasks/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Polls until `check` holds (or fails the test after WAIT_MS). */
export async function waitFor<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (check(value)) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ACTIVE = new Set(['pending', 'running']);

/** The task once it has finished, whatever its status. */
export function finishedTask(client: ApiClient, id: string): Promise<TaskItem> {
  return waitFor(
    () => taskOf(client, id),
    (task) => !ACTIVE.has(task.status),
    `task ${id} to finish`,
  );
}

/** The task's row as stored (attempts and lease are not part of the API). */
export function taskRow(server: TestServer, id: string) {
  return server.deps.db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A place where a copy handler stalls, after the boundary of its first copied file. */
export interface Stall {
  /** Resolves once a job reached the stall. */
  reached: Promise<void>;
  /** Lets it go on. */
  release(): void;
}

export function stall(): Stall & { arrive(): void; gate: Promise<void> } {
  let arrive = () => undefined as void;
  let release = () => undefined as void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { reached, release, arrive, gate };
}

/**
 * The real copy handler, stalled once: after the first file's boundary was written it
 * waits for the test, then writes once more (as the lease renewal would) — which is where
 * a stalled runner learns that it was cancelled or that its lease went to another runner.
 */
export function stalledCopy(server: TestServer, at: ReturnType<typeof stall>): JobHandler {
  const copy = taskHandlers(server.deps).copy;
  if (!copy) {
    throw new Error('no copy handler');
  }
  let stalled = false;
  return (job, context) =>
    copy(job, {
      signal: context.signal,
      progress: context.progress,
      changed: () => context.changed(),
      boundary: async () => {
        await context.boundary();
        if (!stalled && context.progress.successCount === 1) {
          stalled = true;
          at.arrive();
          await at.gate;
          await context.boundary();
        }
      },
    });
}

/** A runner on the test server's database, polling often, stopped by the test. */
export function testRunner(
  server: TestServer,
  options: { owner: string; copy?: JobHandler; concurrency?: number },
): JobRunner {
  const copy = options.copy ?? taskHandlers(server.deps).copy;
  return createTaskRunner(server.deps, {
    owner: options.owner,
    pollMs: 20,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(copy ? { handlers: { copy } } : {}),
  });
}
