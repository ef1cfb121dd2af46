import { performance } from 'node:perf_hooks';

function percentile(sorted, fraction) {
  if (sorted.length === 0) {
    return null;
  }
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return round(sorted[Math.max(0, index)]);
}

const round = (value) => Math.round(value * 100) / 100;

/**
 * Sends `requests` calls of `send(i)` with at most `concurrency` in flight and measures
 * each one. `send` resolves when the answer has been fully read and throws when it is not
 * the expected one; a throw counts as an error and its latency is left out. Returns req/s
 * and latency percentiles in milliseconds.
 */
export async function measure({ requests, concurrency, send }) {
  const latencies = [];
  const errors = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const index = next++;
      const started = performance.now();
      try {
        await send(index);
        latencies.push(performance.now() - started);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  const durationMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const total = latencies.reduce((sum, value) => sum + value, 0);
  return {
    requests,
    concurrency,
    errors: errors.length,
    ...(errors.length > 0 ? { firstError: errors[0] } : {}),
    durationMs: round(durationMs),
    requestsPerSecond: round((latencies.length / durationMs) * 1000),
    latencyMs: {
      min: percentile(latencies, 0),
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      max: percentile(latencies, 1),
      mean: latencies.length > 0 ? round(total / latencies.length) : null,
    },
  };
}

/** Throws unless the response has the expected status; always drains the body. */
export async function expectStatus(response, expected, what) {
  const body = await response.text();
  if (response.status !== expected) {
    throw new Error(`${what}: HTTP ${response.status} ${body.slice(0, 200)}`);
  }
  return body;
}
