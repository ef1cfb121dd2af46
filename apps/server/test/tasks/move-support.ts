import type { BatchMoveBody, BatchMoveResult } from '@pastebox/contract/schemas/fs';
import { expect } from 'vitest';
import type { JobRunner } from '@/jobs/runner';
import type { JobHandler, JobProgress } from '@/jobs/types';
import { createTaskRunner, taskHandlers } from '@/modules/tasks/service';
import type { ApiClient, ApiResponse } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { familyOf, type stall } from './tasks-support';

/** Builders for the batch-move tests: the call in the client's family, and stalled runners. */

export function startMove(
  client: ApiClient,
  body: BatchMoveBody,
): Promise<ApiResponse<BatchMoveResult>> {
  return client.post<BatchMoveResult>(`${familyOf(client)}/fs/batch-move`, body);
}

/** batch-move that must be accepted; answers the task id. */
export async function startedMove(client: ApiClient, body: BatchMoveBody): Promise<string> {
  const res = await startMove(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.taskId;
}

/**
 * The real move handler, stalled once at the first boundary where `when` holds: either
 * after that boundary was written (`written`), or before (`unwritten`: the runner "dies"
 * with the database still at the boundary before, as a crash between two writes leaves it).
 */
export function stalledMove(
  server: TestServer,
  at: ReturnType<typeof stall>,
  when: (progress: JobProgress) => boolean,
  mode: 'written' | 'unwritten',
): JobHandler {
  const move = taskHandlers(server.deps).move;
  if (!move) {
    throw new Error('no move handler');
  }
  let stalled = false;
  return (job, context) =>
    move(job, {
      signal: context.signal,
      progress: context.progress,
      changed: () => undefined,
      boundary: async () => {
        if (stalled || !when(context.progress)) {
          return context.boundary();
        }
        stalled = true;
        if (mode === 'written') {
          await context.boundary();
        }
        at.arrive();
        await at.gate;
        // As the lease renewal would: where a stalled runner learns its lease is gone.
        await context.boundary();
      },
    });
}

/** A runner on the test server's database with only the move handler given. */
export function moveRunner(server: TestServer, owner: string, move?: JobHandler): JobRunner {
  const handler = move ?? taskHandlers(server.deps).move;
  if (!handler) {
    throw new Error('no move handler');
  }
  return createTaskRunner(server.deps, { owner, pollMs: 20, handlers: { move: handler } });
}
