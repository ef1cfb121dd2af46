// Issue 11: GET /api/admin/dashboard/stats on a database of BENCH_DASHBOARD_SHARES shares
// (default 100,000: 70 % pastes, 30 % files) spread over the last 10 days, written straight
// into the server's database (lib/seed-shares.mjs). Measured: sequential latency on the
// empty database and on the seeded one (BENCH_DASHBOARD_CALLS calls, default 50, one at a
// time), and req/s of a burst (BENCH_DASHBOARD_BURST calls, default 200, 8 in flight).
// The first seeded answer is checked against what was seeded, so a fast wrong answer fails.
import { performance } from 'node:perf_hooks';
import { expectStatus, measure } from './lib/measure.mjs';
import { seedShares } from './lib/seed-shares.mjs';

const shares = Number(process.env.BENCH_DASHBOARD_SHARES || 100_000);
const calls = Number(process.env.BENCH_DASHBOARD_CALLS || 50);
const burst = Number(process.env.BENCH_DASHBOARD_BURST || 200);
const BURST_CONCURRENCY = 8;
const SEEDED_DAYS = 10;

export const name = 'dashboard';
export const description = `GET /api/admin/dashboard/stats over ${shares} shares (${SEEDED_DAYS} days)`;

async function fetchStats(baseUrl, authorization) {
  const res = await fetch(`${baseUrl}/api/admin/dashboard/stats`, { headers: { authorization } });
  return JSON.parse(await expectStatus(res, 200, 'GET /api/admin/dashboard/stats')).data;
}

/** Throws unless the answer counts exactly what was seeded. */
function checkAnswer(stats, expected) {
  const wrong = [];
  const expect = (what, actual, wanted) => {
    if (actual !== wanted) {
      wrong.push(`${what}: ${actual}, expected ${wanted}`);
    }
  };
  expect('totals.pastes', stats.totals.pastes, expected.pastes);
  expect('totals.files', stats.totals.files, expected.files);
  expect('totals.views', stats.totals.views, expected.views);
  expect('activity points', stats.activity.length, 7);
  for (const day of stats.activity) {
    const seeded = expected.perDay.get(day.date) ?? { pastes: 0, files: 0 };
    expect(`${day.date} pastes`, day.pastes, seeded.pastes);
    expect(`${day.date} files`, day.files, seeded.files);
  }
  const local = stats.storage.find((usage) => usage.is_default);
  expect('default storage used_bytes', local?.used_bytes, expected.bytes);
  expect('default storage file_count', local?.file_count, expected.files);
  expect('recent items', stats.recent.length, 5);
  if (wrong.length > 0) {
    throw new Error(`dashboard stats disagree with the seeded rows: ${wrong.join('; ')}`);
  }
}

export async function run({ baseUrl, authorization, pid }) {
  const send = async () => {
    await fetchStats(baseUrl, authorization);
  };
  await measure({ requests: 20, concurrency: 1, send });
  const empty = await measure({ requests: calls, concurrency: 1, send });

  const pastes = Math.round(shares * 0.7);
  const files = shares - pastes;
  const seedStarted = performance.now();
  const seeded = await seedShares(pid, { pastes, files, days: SEEDED_DAYS });
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  console.log(`\ndashboard: seeded ${pastes} pastes and ${files} files in ${seedSeconds} s`);
  // SQLite seeding blocks this process's event loop; let the HTTP client see the idle
  // sockets the server closed meanwhile, or the next call would pick a dead one.
  await new Promise((resolve) => setTimeout(resolve, 200));
  checkAnswer(await fetchStats(baseUrl, authorization), { ...seeded, pastes, files });

  const sequential = await measure({ requests: calls, concurrency: 1, send });
  const concurrent = await measure({ requests: burst, concurrency: BURST_CONCURRENCY, send });
  return {
    'stats (empty db)': empty,
    [`stats (${shares / 1000}k shares)`]: sequential,
    [`stats burst x${BURST_CONCURRENCY}`]: concurrent,
  };
}
