import { dataOf } from './http.mjs';
import { BALANCER_URL } from './haproxy.mjs';
import { finish } from './ops/tasks.mjs';
import { queryDatabase } from './postgres.mjs';
import { sleep, waitFor } from './processes.mjs';

// After the load: let background work end, then have a sweep run, so that the leak checks
// look at a settled system. Tasks get TASK_SETTLE_MS to reach a final state (one whose
// instance was killed waits for its lease to lapse before another instance resumes it).
// The sweeper runs when an instance starts (and every 10 minutes): a clean restart of one
// instance, once every lock the load may have left has expired, runs it.

const TASK_SETTLE_MS = 180_000;
const FINISHED = new Set(['completed', 'failed', 'cancelled', 'partial']);

async function taskStatus(taskId, keyAuth) {
  const res = await fetch(`${BALANCER_URL}/api/user/tasks/${taskId}`, {
    headers: { authorization: keyAuth },
    signal: AbortSignal.timeout(10_000),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return res.ok ? dataOf({ body })?.status : null;
}

async function settleTasks({ ledger, pastebox, log }) {
  const open = () => [...ledger.tasks.values()].filter((t) => !FINISHED.has(t.status));
  const deadline = Date.now() + TASK_SETTLE_MS;
  while (open().length > 0 && Date.now() < deadline) {
    for (const task of open()) {
      const status = await taskStatus(task.id, pastebox.keyAuth).catch(() => null);
      if (status && FINISHED.has(status)) {
        finish({ ledger }, task, status);
      }
    }
    if (open().length > 0) {
      await sleep(1000);
    }
  }
  log(`tasks: ${ledger.tasks.size} started, ${open().length} not finished`);
}

/** Resolves with `{ sweepAt }`: the time (since the load began) of the final sweep. */
export async function settle({ cluster, pastebox, ledger, now, log }) {
  await settleTasks({ ledger, pastebox, log });
  const lastLockExpiry = Math.max(0, ...[...ledger.locks.values()].map((l) => l.expiresAt));
  if (lastLockExpiry > Date.now()) {
    log(`waiting ${Math.ceil((lastLockExpiry - Date.now()) / 1000)} s for the last lock to expire`);
    await sleep(lastLockExpiry - Date.now() + 1000);
  }
  const instance = cluster.instances.list[0];
  const sweepAt = now();
  const sweepIso = new Date().toISOString();
  log(`final sweep: restarting ${instance.name} cleanly (its sweeper runs at start)`);
  await cluster.instances.restart(instance);
  log(`${instance.name} answers again; waiting for the sweep's effect`);
  // The sweep runs in the background after the start; its effect is what is awaited.
  await waitFor(
    'the final sweep to remove expired locks and visits',
    async () => {
      const [row] = await queryDatabase(
        `SELECT (SELECT count(*) FROM dav_locks WHERE expires_at <= $1)::int AS locks,
                (SELECT count(*) FROM share_visits WHERE expires_at <= $1)::int AS visits`,
        [sweepIso],
      );
      return row.locks === 0 && row.visits === 0;
    },
    { timeoutMs: 30_000, everyMs: 500 },
  ).catch((error) => log(`final sweep: ${error.message}`));
  return { sweepAt, sweepIso };
}
