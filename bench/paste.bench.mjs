// Text shares and the API's per-request cost. Each figure of the server is set against a
// bare `node:http` hello-world measured the same way in the same run (lib/bare-node.mjs):
// health, a raw read (with and without a view limit), a read as JSON and a create (admin
// token). Counts can be raised with BENCH_REQUESTS (per operation) and BENCH_CONCURRENCY.
import { startBareNode } from './lib/bare-node.mjs';
import { createPaste } from './lib/api.mjs';
import { withCpuPerRequest } from './lib/cpu.mjs';
import { expectStatus, measure } from './lib/measure.mjs';

export const name = 'paste';
export const description = 'API per-request cost vs bare node:http: health, read, create';

const requests = Number(process.env.BENCH_REQUESTS || 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 16);

/** About 1 KiB of Markdown, a typical shared snippet. */
function sampleContent(index) {
  const lines = [`# Snippet ${index}`, '', '```ts'];
  for (let line = 0; lines.join('\n').length < 1000; line++) {
    lines.push(`const value${line} = computeSomething(${line}, 'pastebox benchmark');`);
  }
  lines.push('```');
  return lines.join('\n');
}

const get = (url, what) => async () => {
  await expectStatus(await fetch(url), 200, what);
};

/** Adds the bare server's req/s and the share (server ÷ bare) to a measurement. */
/**
 * Adds the bare server's figures and the shares: req/s ÷ bare req/s (what issue 12's
 * targets are stated in) and bare CPU ÷ server CPU per request (the same ratio, but
 * steady when other tenants load the machine and the load generator is the bottleneck).
 */
function withShare(measurement, bare) {
  const ratio = (a, b) => (a && b ? Math.round((a / b) * 1000) / 1000 : null);
  return {
    ...measurement,
    bareRequestsPerSecond: bare.requestsPerSecond,
    shareOfBare: ratio(measurement.requestsPerSecond, bare.requestsPerSecond),
    bareCpuUsPerRequest: bare.cpuUsPerRequest,
    cpuShareOfBare: ratio(bare.cpuUsPerRequest, measurement.cpuUsPerRequest),
  };
}

/**
 * Runs the measurements against `server`; `authorization` is an admin's header. The bare
 * server is measured right before each operation, so the share compares two runs taken
 * under the same load from the machine's other tenants.
 */
export async function run({ baseUrl, authorization, pid }) {
  const bare = await startBareNode();
  try {
    return await measureAll(baseUrl, authorization, pid, bare);
  } finally {
    await bare.stop();
  }
}

async function measureAll(baseUrl, authorization, pid, bare) {
  const bareUrl = bare.baseUrl;
  const against = async (operation) => {
    const yardstick = await withCpuPerRequest(bare.pid, requests, () =>
      measure({ requests, concurrency, send: get(`${bareUrl}/`, 'bare') }),
    );
    const measured = await withCpuPerRequest(pid, requests, () =>
      measure({ requests, concurrency, send: operation }),
    );
    return withShare(measured, yardstick);
  };
  // Warm both up (JIT, connection pools) so neither pays for its first requests.
  await measure({ requests: 3000, concurrency, send: get(`${bareUrl}/`, 'warm-up') });
  await measure({ requests: 1000, concurrency, send: get(`${baseUrl}/api/health`, 'warm-up') });
  const health = await against(get(`${baseUrl}/api/health`, 'GET /api/health'));
  const slugs = [];
  const create = await against(async (index) => {
    slugs.push(await createPaste(baseUrl, authorization, { content: sampleContent(index) }));
  });
  if (slugs.length === 0) {
    throw new Error(`No paste could be created: ${create.firstError}`);
  }
  // A share limited to more views than the bench spends: every read runs the limit check.
  const limited = await createPaste(baseUrl, authorization, {
    content: sampleContent(0),
    maxViews: requests * 4,
  });
  const slugFor = (index) => slugs[index % slugs.length];
  const read = await against((index) =>
    get(`${baseUrl}/api/paste/${slugFor(index)}`, 'GET /api/paste/{slug}')(),
  );
  const raw = await against((index) =>
    get(`${baseUrl}/api/raw/${slugFor(index)}`, 'GET /api/raw/{slug}')(),
  );
  const rawLimited = await against(
    get(`${baseUrl}/api/raw/${limited}`, 'GET /api/raw/{slug} (view limit)'),
  );
  const results = {
    'GET /api/health': health,
    'POST /api/paste': create,
    'GET /api/paste/{slug}': read,
    'GET /api/raw/{slug}': raw,
    'GET /api/raw (max_views)': rawLimited,
  };
  printShares(results);
  return results;
}

/** The figures issue 12 asks for: the server's req/s, bare Node's, and the share. */
function printShares(results) {
  console.log(`\npaste: share of bare node:http (${requests} requests, ${concurrency} in flight)`);
  console.log(
    '  operation                    req/s bare req/s      share  cpu µs/req   bare µs  cpu share',
  );
  for (const [operation, m] of Object.entries(results)) {
    const cells = [
      m.requestsPerSecond,
      m.bareRequestsPerSecond,
      m.shareOfBare,
      m.cpuUsPerRequest,
      m.bareCpuUsPerRequest,
      m.cpuShareOfBare,
    ];
    console.log(
      `  ${operation.padEnd(26)}${cells.map((cell) => String(cell).padStart(11)).join('')}`,
    );
  }
}
