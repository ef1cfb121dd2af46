import { callExpecting } from './api.mjs';
import { measure } from './measure.mjs';
import { findWrk, runWrk } from './wrk.mjs';

// The load generator of the per-request benchmarks: wrk when it is on PATH (lib/wrk.mjs),
// else this process's fetch loop (lib/measure.mjs), which tops out at a few thousand req/s
// and so caps every figure measured with it — the server's and bare Node's alike.
//
// Settings: BENCH_DURATION seconds per run (default 5), BENCH_CONNECTIONS (default 32) and
// BENCH_THREADS (default 2) as issue 12's `wrk -t2 -c32`; BENCH_WRK=off forces the fetch
// loop, which sends BENCH_REQUESTS (default 2000) with BENCH_CONCURRENCY (default 16) in flight.

const seconds = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 32);
const threads = Number(process.env.BENCH_THREADS || 2);
const requests = Number(process.env.BENCH_REQUESTS || 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 16);

/** One request as fetch sends it: the status is checked, the body drained. */
async function sendOnce({ baseUrl, method = 'GET', headers = {}, body }, path, expected) {
  await callExpecting(
    `${baseUrl}${path}`,
    { method, headers, body },
    expected,
    `${method} ${path}`,
  );
}

/** The first of a failed run's answers, for the report: wrk counts them but keeps none. */
async function firstError(target, expected) {
  try {
    await sendOnce(target, target.paths?.[0] ?? target.path ?? '/', expected);
    return 'the request answered as expected afterwards';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Picks wrk, or the fetch loop when wrk is missing (or BENCH_WRK=off). `run(target, options)`
 * loads `target` ({ baseUrl, path | paths, method, headers, body, expected = 200 }) and
 * resolves with a measurement (lib/measure.mjs's shape plus `tool`; with wrk, `non2xx` and
 * `socketErrors` too). `options.seconds` shortens a warm-up. `describe` says what drove it.
 */
export function createLoadGenerator() {
  const forcedOff = process.env.BENCH_WRK === 'off';
  const wrk = forcedOff ? null : findWrk();
  if (wrk) {
    return {
      kind: 'wrk',
      describe: `wrk -t${threads} -c${connections} -d${seconds}s per run`,
      async run(target, options = {}) {
        const expected = target.expected ?? 200;
        const measured = await runWrk(wrk, target, {
          seconds: options.seconds ?? seconds,
          connections,
          threads,
        });
        // wrk counts no error for a request that is never answered: a run in which none
        // was answered is a failure of its own.
        const stalled = measured.requests === 0;
        if (measured.errors === 0 && !stalled) {
          return measured;
        }
        return {
          ...measured,
          errors: measured.errors + (stalled ? 1 : 0),
          stalled,
          firstError: await firstError(target, expected),
        };
      },
    };
  }
  return {
    kind: 'fetch',
    describe:
      `the bench's own fetch loop (${requests} requests, ${concurrency} in flight): ` +
      `${forcedOff ? 'BENCH_WRK=off' : 'wrk is not on PATH'}, so every req/s below — and the ` +
      'shares — is capped by this client at a few thousand req/s. Install wrk ' +
      '(apt-get install wrk) for figures that mean something.',
    async run(target, options = {}) {
      const expected = target.expected ?? 200;
      const count = options.seconds ? Math.min(requests, 500) : requests;
      const paths = target.paths ?? [target.path ?? '/'];
      const measured = await measure({
        requests: count,
        concurrency,
        send: (index) => sendOnce(target, paths[index % paths.length], expected),
      });
      return { tool: `fetch x${concurrency}`, ...measured };
    },
  };
}
