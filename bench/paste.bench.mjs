// Issue 12's per-request targets, as shares of a bare `node:http` hello-world measured in
// the same run with the same load: `/api/health` ≥ 0.7, a raw paste read ≥ 0.4, a paste
// create ≥ 0.25, with npm start's defaults (WORKERS = the number of cores).
//
// How it is measured: the runner starts the built server as npm start does (lib/server.mjs;
// BENCH_WORKERS overrides WORKERS), this bench starts the bare server (lib/bare-node.mjs,
// one process). The load is `wrk -t2 -c32 -d5s` (lib/load.mjs, lib/wrk.mjs; BENCH_DURATION,
// BENCH_CONNECTIONS), the bare server loaded right before each operation so both figures
// of a share see the same minute of a shared machine (with the same path rotation as the
// reads, whose per-request Lua call slows wrk itself). Operations: health; a create (admin
// token, ~1 KiB of Markdown); `GET /api/paste/{slug}` and `GET /api/raw/{slug}` rotating over
// 1,000 shares; a raw read of one share with a view limit far above what the run spends
// (every read runs the limit check). Any non-2xx answer or socket error marks the operation
// as failed — zero errors is part of the target. Each operation is measured in
// BENCH_ROUNDS rounds (default 3), each a bare run then a Pastebox run, and the round
// with the median share is reported (all rounds' shares are printed): single runs of a
// few seconds on a shared machine moved the share by a third. CPU per request (user +
// system from /proc, the server's workers included) is printed for both servers: it is
// the steadier figure when other tenants load the machine. Without wrk, the fetch loop
// drives the load and the shares are capped by it (said so in the output).
import { createPaste } from './lib/api.mjs';
import { startBareNode } from './lib/bare-node.mjs';
import { measureAgainstBare } from './lib/bare-rounds.mjs';
import { createLoadGenerator } from './lib/load.mjs';
import { workerCount } from './lib/process-tree.mjs';
import { createReadShares, sampleContent } from './lib/read-shares.mjs';
import { printShares } from './lib/share-table.mjs';

export const name = 'paste';
export const description = 'API req/s vs bare node:http (issue 12): health, read, create';

const READ_SHARES = 1000;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const VIEW_LIMIT = 10_000_000;
const WARM_UP_SECONDS = 1;

/** Issue 12's targets, by operation (the JSON read has none of its own). */
const TARGETS = {
  'GET /api/health': 0.7,
  'POST /api/paste': 0.25,
  'GET /api/raw/{slug}': 0.4,
  'GET /api/raw (max_views)': 0.4,
};

export async function run({ baseUrl, authorization, pid }) {
  const bare = await startBareNode();
  try {
    return await measureAll({ baseUrl, authorization, pid, bare });
  } finally {
    await bare.stop();
  }
}

async function measureAll({ baseUrl, authorization, pid, bare }) {
  const load = createLoadGenerator();
  const workers = workerCount(pid);
  console.log(`\npaste: load from ${load.describe}`);
  console.log(
    `paste: server with ${workers || 1} ${workers ? 'worker processes' : 'process (no cluster)'}` +
      `${process.env.BENCH_WORKERS ? ` (BENCH_WORKERS=${process.env.BENCH_WORKERS})` : " (npm start's default)"}`,
  );
  // Warm both up (JIT, connections) so neither pays for its first requests.
  await load.run({ baseUrl: bare.baseUrl, path: '/' }, { seconds: WARM_UP_SECONDS * 2 });
  await load.run({ baseUrl, path: '/api/health' }, { seconds: WARM_UP_SECONDS * 2 });

  const against = measureAgainstBare({
    load,
    bare,
    pid,
    rounds: ROUNDS,
    warmUpSeconds: WARM_UP_SECONDS,
  });

  const health = await against({ baseUrl, path: '/api/health' });
  const create = await against({
    baseUrl,
    path: '/api/paste',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ content: sampleContent(0) }),
    expected: 201,
  });
  const results = {
    'GET /api/health': health,
    'POST /api/paste': create,
    ...(await measureReads({ baseUrl, authorization, against })),
  };
  for (const [operation, measurement] of Object.entries(results)) {
    measurement.target = TARGETS[operation] ?? null;
    measurement.workers = workers || 1;
  }
  printShares(results, load);
  return results;
}

/**
 * The reads, over shares created for them. When no share can be created the reads are
 * reported as failed, so that health's and create's figures still print.
 */
async function measureReads({ baseUrl, authorization, against }) {
  let slugs;
  let limited;
  try {
    slugs = await createReadShares(baseUrl, authorization, READ_SHARES);
    limited = await createPaste(baseUrl, authorization, {
      content: sampleContent(0),
      maxViews: VIEW_LIMIT,
    });
  } catch (error) {
    const failed = () => ({
      requests: 0,
      errors: 1,
      firstError: `not measured: ${error instanceof Error ? error.message : error}`,
      requestsPerSecond: null,
      latencyMs: {},
    });
    return {
      'GET /api/paste/{slug}': failed(),
      'GET /api/raw/{slug}': failed(),
      'GET /api/raw (max_views)': failed(),
    };
  }
  return {
    'GET /api/paste/{slug}': await against({
      baseUrl,
      paths: slugs.map((slug) => `/api/paste/${slug}`),
    }),
    'GET /api/raw/{slug}': await against({
      baseUrl,
      paths: slugs.map((slug) => `/api/raw/${slug}`),
    }),
    'GET /api/raw (max_views)': await against({ baseUrl, path: `/api/raw/${limited}` }),
  };
}
