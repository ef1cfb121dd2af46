import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from './args.mjs';
import { runChecks } from './checks/index.mjs';
import { createCluster } from './cluster.mjs';
import { planFaults, runFaults } from './faults.mjs';
import { BALANCER_URL } from './haproxy.mjs';
import { createRecorder, isFaultLike } from './http.mjs';
import { createLedger } from './ledger.mjs';
import { CLIENTS, probeEveryOperation, runLoad } from './load.mjs';
import { startMemorySampler } from './memory.mjs';
import { serverEntry } from './paths.mjs';
import { sleep } from './processes.mjs';
import { writeReport } from './report.mjs';
import { settle } from './settle.mjs';
import { setUpPastebox } from './setup.mjs';

// npm run soak -- --minutes N [--report DIR] [--keep]: the scale-out shape under a mixed
// load and injected faults, then the invariants (docs/soak/README.md). Exit status 0 only
// when every invariant held.

const options = parseArgs(process.argv.slice(2));
const log = (line) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The soak drives the API only: the server's build is what it needs (not the web app's). */
function requireBuild() {
  if (!fs.existsSync(serverEntry)) {
    console.error(
      'soak: the server build is missing (apps/server/dist): run `npm run build` first.',
    );
    process.exit(2);
  }
}

let cluster = null;

/** Ctrl-C or a crash: everything started is stopped before the process goes. */
function stopOnSignals() {
  let signalled = false;
  const onSignal = (signal) => {
    if (signalled) {
      cluster?.stopNow();
      process.exit(130);
    }
    signalled = true;
    log(`${signal}: stopping everything`);
    void (cluster?.stop() ?? Promise.resolve()).finally(() => {
      removeData();
      process.exit(130);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => cluster?.stopNow());
}

/** The data the run made (database, objects, DATA_DIRs) goes unless --keep. */
function removeData() {
  if (options.keep) {
    return;
  }
  for (const dir of ['postgres', 'swift']) {
    fs.rmSync(path.join(options.reportDir, dir), { recursive: true, force: true });
  }
  const instances = path.join(options.reportDir, 'instances');
  for (const name of fs.existsSync(instances) ? fs.readdirSync(instances) : []) {
    fs.rmSync(path.join(instances, name, 'data'), { recursive: true, force: true });
  }
}

async function main() {
  requireBuild();
  fs.mkdirSync(options.reportDir, { recursive: true });
  stopOnSignals();
  log(`report and data in ${options.reportDir}`);
  const startedAt = Date.now();
  cluster = createCluster(options.reportDir);
  await cluster.start(log);
  const pastebox = await setUpPastebox(cluster.admin);
  log(
    `set up: S3 storage config, mount /soak, an API key; ${CLIENTS} clients for ${options.minutes} min`,
  );

  const durationMs = options.minutes * 60_000;
  const recorder = createRecorder(Date.now());
  const ledger = createLedger();
  const memory = startMemorySampler(cluster.instances, recorder.now);
  let stopping = false;
  const shared = { request: recorder.request, ledger, auth: pastebox, base: BALANCER_URL };
  const load = runLoad(shared, () => stopping);
  const plan = planFaults(durationMs);
  const faults = runFaults(plan, cluster, { now: recorder.now, stopping: () => stopping, log });
  let errorsSeen = 0;
  const progress = setInterval(() => {
    // A request still on its way has status 0 too: only finished ones count.
    const errors = recorder.samples.filter((s) => s.end > 0 && isFaultLike(s.status));
    log(
      `${Math.round(recorder.now() / 1000)} s: ${recorder.samples.length} requests, ${errors.length} 5xx/network` +
        describeNewErrors(errors.slice(errorsSeen)),
    );
    errorsSeen = errors.length;
  }, 30_000);
  await sleep(durationMs);
  const windows = await faults;
  stopping = true;
  await load;
  clearInterval(progress);
  const loadEndedAt = recorder.now();
  log(
    `load stopped at ${Math.round(loadEndedAt / 1000)} s; every operation once more, then settling`,
  );
  await probeEveryOperation(shared);
  const settled = await settle({ cluster, pastebox, ledger, now: recorder.now, log });
  memory.stop();
  const results = await runChecks({
    cluster,
    pastebox,
    ledger,
    samples: recorder.samples,
    windows,
    memory: memory.samples,
    settled,
    loadEndedAt,
    durationMs,
    log,
  });
  const passed = results.every((r) => r.held);
  const report = writeReport(options.reportDir, {
    options,
    plan,
    windows,
    results,
    samples: recorder.samples,
    memory: memory.samples,
    ledger,
    settled,
    loadEndedAt,
    startedAt,
  });
  await Promise.all([report, cluster.stop()]);
  removeData();
  log(`report: ${path.join(options.reportDir, 'report.md')}`);
  log(passed ? 'every invariant held' : 'AN INVARIANT FAILED');
  return passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error('soak failed:', error instanceof Error ? error.stack : error);
    await cluster?.stop();
    removeData();
    process.exit(2);
  },
);

/** The kinds of errors since the last progress line, so a run going wrong shows it early. */
function describeNewErrors(errors) {
  const kinds = new Map();
  for (const s of errors) {
    const kind = `${s.op} ${s.status || s.error}${s.code ? ` ${s.code}` : ''}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const listed = [...kinds].slice(0, 8).map(([kind, count]) => `${kind} ×${count}`);
  return listed.length > 0 ? ` (new: ${listed.join(', ')})` : '';
}
