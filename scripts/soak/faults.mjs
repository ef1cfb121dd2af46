import { answersOk, sleep, waitFor } from './processes.mjs';

// The fault plan, scaled to the run: a kill -9 of one instance (rotating) every two minutes
// (every third of the run when that is shorter, so a 3-minute run has two, at 30 and 90 s),
// one PostgreSQL restart near the middle and a 10-second storage outage at seven tenths. Faults never
// overlap: each waits for the previous window to close. A window runs from the injection
// until the system answers again, plus GRACE_MS; 5xx and network errors are allowed only
// in requests that overlap a window.

export const GRACE_MS = 10_000;
const STORAGE_OUTAGE_MS = 10_000;
// Nothing is injected in the last stretch of the run, so that every operation can show
// that it recovered after the last fault.
const QUIET_END_MS = 40_000;

/** The planned faults, `{ at (ms after the load began), kind }`, in time order. */
export function planFaults(durationMs) {
  const plan = [];
  const killEvery = Math.min(120_000, durationMs / 3);
  for (let at = killEvery / 2; at < durationMs - QUIET_END_MS; at += killEvery) {
    plan.push({ at, kind: 'kill' });
  }
  plan.push({ at: durationMs * 0.45, kind: 'postgres-restart' });
  plan.push({ at: durationMs * 0.7, kind: 'storage-outage' });
  return plan.sort((a, b) => a.at - b.at);
}

/**
 * Runs the plan against `cluster` (`{ instances, postgres, swift }`); `now()` is the time
 * since the load began. Resolves with the windows once the plan is done, or early when
 * `stopping()` says so. `log` prints a line.
 */
export async function runFaults(plan, cluster, { now, stopping, log }) {
  const windows = [];
  let nextVictim = 0;
  for (const fault of plan) {
    while (now() < fault.at && !stopping()) {
      await sleep(200);
    }
    if (stopping()) {
      break;
    }
    const window = { kind: fault.kind, start: now(), recovered: null, end: null, detail: '' };
    windows.push(window);
    log(`fault: ${fault.kind} at ${(window.start / 1000).toFixed(1)} s`);
    if (fault.kind === 'kill') {
      const instance = cluster.instances.list[nextVictim % cluster.instances.list.length];
      nextVictim += 1;
      window.detail = `${instance.name} (pid ${instance.child.pid})`;
      await cluster.instances.kill(instance);
      await cluster.instances.start(instance);
    } else if (fault.kind === 'postgres-restart') {
      window.detail = 'pg_ctl restart -m fast';
      await cluster.postgres.restart('fast');
      await everyInstanceHealthy(cluster.instances);
    } else {
      window.detail = `Swift's S3 endpoint down for ${STORAGE_OUTAGE_MS / 1000} s`;
      await cluster.swift.stopProxy();
      await sleep(STORAGE_OUTAGE_MS);
      await cluster.swift.startProxy();
    }
    window.recovered = now();
    window.end = window.recovered + GRACE_MS;
    log(`fault: ${fault.kind} recovered at ${(window.recovered / 1000).toFixed(1)} s`);
    while (now() < window.end && !stopping()) {
      await sleep(200);
    }
  }
  return windows;
}

async function everyInstanceHealthy(instances) {
  await waitFor(
    'every instance to answer /api/health after the database restart',
    async () => {
      const answers = await Promise.all(
        instances.list.map((i) =>
          answersOk(`http://127.0.0.1:${i.port}/api/health`).catch(() => false),
        ),
      );
      return answers.every(Boolean);
    },
    { timeoutMs: 60_000, everyMs: 250 },
  );
}

/** Whether a request's span [start, end] overlaps any window. */
export function inWindow(windows, sample) {
  return windows.some((w) => sample.start <= (w.end ?? Infinity) && sample.end >= w.start);
}
