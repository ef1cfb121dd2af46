// Issue 34's hot share, on PostgreSQL (BENCH_DATABASE_URL; skipped without it): one paste
// read by everyone, the way a link posted to a busy forum is read. Targets: its raw reads
// ≥ 10 × pgbench's rate for one row committed per read, measured in the same run; a
// view-limited share exact under 3 instances × 64 clients; other reads no slower.
//
// The bench creates a database of its own on that server and drops it at the end
// (lib/bench-database.mjs), one per part; the runner's server is not used. Five parts:
// 1. pgbench (lib/pgbench.mjs): `UPDATE hot SET views = views + 1 WHERE id = 1 RETURNING
//    content` on a one-row table of ~1 KiB, `-n -c32 -j2 -T<BENCH_DURATION>`: the database's
//    own rate when every read commits its row.
// 2. The built server on that database as npm start runs it (WORKERS: BENCH_WORKERS, else
//    one per core, as paste.bench), one ~1 KiB paste without a view limit and one with a
//    limit of 1e9 (every read runs the limit check), each loaded by `wrk -t2 -c32`
//    (lib/load.mjs) on `GET /api/raw/{slug}`; any non-2xx answer fails the operation.
// 3. pgbench and the reads alternate for BENCH_ROUNDS rounds (default 3); each round's ratio
//    reads/s ÷ tps, and the median, against the target (lib/hot-rounds.mjs).
// 4. Three instances (WORKERS=1 each: three processes already race on the row the way
//    three machines would, and on two cores more processes only crowd out the three wrk)
//    with one database and one SECRET; a paste limited to K views read through all three
//    at once, 64 connections each, until the database says the views are spent
//    (lib/view-limit-reads.mjs). Exact means: the 200 answers sum to K, every other answer
//    is 410 VIEW_LIMIT_REACHED, no socket error, and `views` in the database is K. For K in
//    BENCH_VIEW_LIMITS (default 20000,500).
// 5. The raw read rotating over 1,000 shares, as a share of bare node:http
//    (lib/bare-rounds.mjs, as paste.bench measures it), on the same server as 2.
import { randomBytes } from 'node:crypto';
import { createPaste, loginAdmin } from './lib/api.mjs';
import { startBareNode } from './lib/bare-node.mjs';
import { measureAgainstBare } from './lib/bare-rounds.mjs';
import { createBenchDatabase, isPostgresUrl } from './lib/bench-database.mjs';
import { alternateWithPgbench } from './lib/hot-rounds.mjs';
import { printHotShare } from './lib/hotshare-table.mjs';
import { startCluster, startServerOn } from './lib/instances.mjs';
import { createLoadGenerator } from './lib/load.mjs';
import { createHotRow, runPgbench } from './lib/pgbench.mjs';
import { createReadShares, sampleContent } from './lib/read-shares.mjs';
import { readUntilSpent } from './lib/view-limit-reads.mjs';

export const name = 'hotshare';
// Its servers run on databases of its own: the runner starts none for it (bench/run.mjs).
export const startsOwnServers = true;
export const description =
  'A hot share on PostgreSQL vs pgbench; exact view limits on 3 instances (issue 34)';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
// pgbench's -T takes whole seconds; wrk gets the same.
const SECONDS = Math.max(1, Math.round(Number(process.env.BENCH_DURATION || 5)));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const TARGET_RATIO = 10;
const HUGE_VIEW_LIMIT = 1_000_000_000;
const READ_SHARES = 1000;
const WARM_UP_SECONDS = 1;
const VIEW_LIMITS = (process.env.BENCH_VIEW_LIMITS || '20000,500').split(',').map(Number);
const INSTANCES = 3;
const CONNECTIONS_PER_INSTANCE = 64;
// While every read commits its own row (300–1,000 reads/s), K = 20,000 takes 20–45 s.
const SPEND_MAX_SECONDS = Number(process.env.BENCH_SPEND_SECONDS || 90);
// A granted answer leaves right after its commit: this covers even a crowded event loop.
const QUIET_MS = 2000;

const PGBENCH = 'pgbench UPDATE hot row';
const HOT = 'GET /api/raw hot';
const HOT_LIMITED = 'GET /api/raw hot (max_views 1e9)';
const ROTATING = 'GET /api/raw/{slug} (1,000)';

const seconds = (ms) => Math.round(ms / 1000);

export async function run() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!isPostgresUrl(adminUrl)) {
    console.log(
      '\nhotshare: skipped: it measures PostgreSQL (set BENCH_DATABASE_URL=postgres://…)',
    );
    return {};
  }
  const started = Date.now();
  const oneInstance = await withBenchDatabase(adminUrl, 'hotshare', measureOneInstance);
  const tookOneInstance = seconds(Date.now() - started);
  const cluster = await withBenchDatabase(adminUrl, 'hotshare_cluster', checkViewLimits);
  const results = { ...oneInstance, ...cluster };
  printHotShare(results, { seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS });
  console.log(
    `hotshare: took ${seconds(Date.now() - started)} s (one instance ${tookOneInstance} s, ` +
      `the cluster's view limits ${seconds(Date.now() - started) - tookOneInstance} s)`,
  );
  return results;
}

/**
 * Runs `work(database)` on a new database, dropped afterwards. Each part gets its own: a
 * server creates its admin only in an empty database, so a cluster started where another
 * server ran would not know the password.
 */
async function withBenchDatabase(adminUrl, label, work) {
  const database = await createBenchDatabase(adminUrl, label);
  try {
    return await work(database);
  } finally {
    await database.drop();
  }
}

/** Parts 1, 2, 3 and 5: one server (npm start's workers) on the bench's database. */
async function measureOneInstance(database) {
  await createHotRow(database.query);
  const server = await startServerOn(database.url);
  const bare = await startBareNode();
  try {
    const { baseUrl } = server;
    const authorization = await loginAdmin(baseUrl, server.admin);
    const content = sampleContent(0);
    const hot = await createPaste(baseUrl, authorization, { content });
    const limited = await createPaste(baseUrl, authorization, {
      content,
      maxViews: HUGE_VIEW_LIMIT,
    });
    const load = createLoadGenerator();
    console.log(
      `\nhotshare: server with ${server.workers || 1} processes; load from ${load.describe}`,
    );
    const targets = {
      [HOT]: { baseUrl, path: `/api/raw/${hot}` },
      [HOT_LIMITED]: { baseUrl, path: `/api/raw/${limited}` },
    };
    for (const target of Object.values(targets)) {
      await load.run(target, { seconds: WARM_UP_SECONDS });
    }
    const hotResults = await alternateWithPgbench({
      rounds: ROUNDS,
      pgbenchName: PGBENCH,
      measurePgbench: () =>
        runPgbench(database.url, { seconds: SECONDS, clients: CONNECTIONS, threads: 2 }),
      reads: Object.fromEntries(
        Object.entries(targets).map(([operation, target]) => [
          operation,
          () => load.run(target, { seconds: SECONDS }),
        ]),
      ),
      target: TARGET_RATIO,
    });
    const slugs = await createReadShares(baseUrl, authorization, READ_SHARES);
    const against = measureAgainstBare({
      load,
      bare,
      pid: server.pid,
      rounds: ROUNDS,
      warmUpSeconds: WARM_UP_SECONDS,
    });
    const rotating = await against({ baseUrl, paths: slugs.map((slug) => `/api/raw/${slug}`) });
    return { ...hotResults, [ROTATING]: { ...rotating, loadKind: load.kind } };
  } finally {
    await bare.stop();
    await server.stop();
  }
}

/** Part 4: each view limit read to the end through a cluster of INSTANCES instances. */
async function checkViewLimits(database) {
  const secret = randomBytes(32).toString('base64url');
  const cluster = await startCluster(database.url, { count: INSTANCES, workers: 1, secret });
  try {
    const authorization = await loginAdmin(cluster[0].baseUrl, cluster[0].admin);
    const results = {};
    for (const limit of VIEW_LIMITS) {
      results[`view limit ${limit}`] = await readLimitedShare(
        database,
        cluster,
        authorization,
        limit,
      );
    }
    return results;
  } finally {
    await Promise.all(cluster.map((instance) => instance.stop()));
  }
}

/** One share limited to `limit` views, read through every instance until spent, checked. */
async function readLimitedShare(database, cluster, authorization, limit) {
  const slug = await createPaste(cluster[0].baseUrl, authorization, {
    content: sampleContent(limit),
    maxViews: limit,
  });
  const viewsInDatabase = async () =>
    Number((await database.query('SELECT views FROM pastes WHERE slug = $1', [slug]))[0]?.views);
  const { spentAfterMs, perInstance } = await readUntilSpent({
    baseUrls: cluster.map((instance) => instance.baseUrl),
    path: `/api/raw/${slug}`,
    connections: CONNECTIONS_PER_INSTANCE,
    maxSeconds: SPEND_MAX_SECONDS,
    quietMs: QUIET_MS,
    isSpent: async () => (await viewsInDatabase()) >= limit,
  });
  const sum = (key) => perInstance.reduce((total, counts) => total + counts[key], 0);
  const views = await viewsInDatabase();
  const outcome = {
    granted: sum('granted'),
    refused: sum('refused'),
    other: sum('other'),
    socketErrors: sum('socketErrors'),
    timeouts: sum('timeouts'),
    views,
  };
  const problems = [
    spentAfterMs === null && `not spent within ${SPEND_MAX_SECONDS} s`,
    outcome.granted !== limit && `${outcome.granted} answers were 200, not ${limit}`,
    outcome.other > 0 && `${outcome.other} answers were neither 200 nor 410 VIEW_LIMIT_REACHED`,
    outcome.socketErrors > 0 && `${outcome.socketErrors} socket errors (answers lost)`,
    views !== limit && `views in the database: ${views}, not ${limit}`,
  ].filter(Boolean);
  const loadSeconds = Math.max(...perInstance.map((counts) => counts.durationUs)) / 1e6;
  return {
    tool: `${INSTANCES} × wrk -t1 -c${CONNECTIONS_PER_INSTANCE}`,
    requests: sum('requests'),
    errors: problems.length,
    ...(problems.length > 0 ? { firstError: problems.join('; ') } : {}),
    requestsPerSecond: Math.round((sum('requests') / loadSeconds) * 100) / 100,
    latencyMs: {},
    viewLimit: limit,
    spentAfterMs,
    perInstanceGranted: perInstance.map((counts) => counts.granted),
    ...outcome,
  };
}
