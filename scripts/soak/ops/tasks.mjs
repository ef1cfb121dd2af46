import { dataOf, isFaultLike } from '../http.mjs';
import { recordMismatch, recordMountFile } from '../ledger.mjs';
import { sleep } from '../processes.mjs';
import { pick, uniqueName } from './random.mjs';

// Copy tasks (POST fs/batch-copy, run in the background by whichever instance claims them)
// from the client's copy sources, which nothing changes, into a fresh folder; the task is
// polled until it ends. A task whose polling gives up is left to the final check, which
// waits for every task to reach a final state.

const FINISHED = new Set(['completed', 'failed', 'cancelled', 'partial']);
const POLL_FOR_MS = 120_000;

export async function copyTask(ctx) {
  const source = pick(ctx.client.sources);
  if (!source) {
    return;
  }
  const folder = `${ctx.client.root}/copies/${uniqueName(ctx.client, 't')}/`;
  const started = await ctx.request('task.copy', `${ctx.base}/api/user/fs/batch-copy`, {
    method: 'POST',
    headers: { authorization: ctx.auth.keyAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ sourcePath: source, targetPath: folder }] }),
  });
  const taskId = started.ok ? dataOf(started)?.taskId : null;
  if (!taskId) {
    if (!isFaultLike(started.status)) {
      recordMismatch(ctx.ledger, 'copy refused', `${source}: HTTP ${started.status}`);
    }
    return;
  }
  const target = `${folder}${source.slice(source.lastIndexOf('/') + 1)}`;
  const task = { id: taskId, source, target, status: 'pending' };
  ctx.ledger.tasks.set(taskId, task);
  const deadline = Date.now() + POLL_FOR_MS;
  while (Date.now() < deadline && !ctx.stopping()) {
    await sleep(500);
    const polled = await ctx.request('task.poll', `${ctx.base}/api/user/tasks/${taskId}`, {
      headers: { authorization: ctx.auth.keyAuth },
    });
    const status = polled.ok ? dataOf(polled)?.status : null;
    if (status && FINISHED.has(status)) {
      finish(ctx, task, status);
      return;
    }
  }
}

/** A task's final state: a completed copy is a file the ledger now holds. */
export function finish(ctx, task, status) {
  task.status = status;
  if (status === 'completed') {
    recordMountFile(ctx.ledger, task.target, {
      ...ctx.ledger.mountFiles.get(task.source),
      via: 'copy',
    });
  }
}
