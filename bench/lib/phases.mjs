import { performance } from 'node:perf_hooks';
import { peakRssMb, sampleRss } from './rss.mjs';

// Timed phases of a large-transfer benchmark, each watched by the RSS sampler and reported
// as a measurement the runner's table understands (lib/measure.mjs's shape), with the
// throughput and the server's memory added.

const round = (value) => Math.round(value * 10) / 10;
const MIB = 1024 * 1024;

/** One call's measurement: the same duration in every latency cell. */
function singleCall(durationMs) {
  const ms = round(durationMs);
  return {
    requests: 1,
    concurrency: 1,
    latencyMs: { min: ms, p50: ms, p95: ms, p99: ms, max: ms, mean: ms },
  };
}

/**
 * Phases against server `pid`, each moving `bytes`. `run(label, work)` times `work()`
 * (which may resolve with `{ measurement }` to replace the single-call cells), stores the
 * result in `operations[label]`, prints a line and resolves with work's outcome — null
 * when it threw. A phase also counts an error when the server's RSS went over
 * `rssLimitMb` during it: its own samples, or VmHWM (a running maximum) crossing the
 * limit. `peakMb()` is the run's peak; `stop()` ends the sampling.
 */
export function createPhases({ pid, bytes, rssLimitMb }) {
  const rss = sampleRss(pid, 100);
  const operations = {};
  let sampledMaxMb = 0;
  async function run(label, work) {
    const hwmBefore = peakRssMb(pid);
    const window = rss.window();
    const started = performance.now();
    let outcome = null;
    let workError = null;
    try {
      outcome = await work();
    } catch (thrown) {
      workError = thrown instanceof Error ? thrown.message : String(thrown);
    }
    const durationMs = performance.now() - started;
    const sampled = window.close();
    const hwmAfter = peakRssMb(pid);
    sampledMaxMb = Math.max(sampledMaxMb, sampled.maxMb ?? 0);
    const crossed = hwmAfter > rssLimitMb && !(hwmBefore > rssLimitMb);
    const overLimit = crossed || sampled.maxMb > rssLimitMb;
    const error =
      workError ??
      (overLimit
        ? `server RSS reached ${Math.max(hwmAfter, sampled.maxMb)} MB (limit ${rssLimitMb} MB)`
        : null);
    const mibPerSecond = workError ? null : round(bytes / MIB / (durationMs / 1000));
    const cells = { ...singleCall(durationMs), ...outcome?.measurement };
    operations[label] = {
      ...cells,
      requestsPerSecond: round((cells.requests / durationMs) * 1000),
      errors: error ? 1 : 0,
      ...(error ? { firstError: error } : {}),
      durationMs: round(durationMs),
      bytes,
      mibPerSecond,
      server: {
        sampledMaxMb: sampled.maxMb,
        sampledTotalMaxMb: sampled.totalMaxMb,
        peakRssMb: hwmAfter,
        rssCurveMb: sampled.curveMb,
      },
    };
    const speed = mibPerSecond === null ? 'failed' : `${mibPerSecond} MiB/s`;
    console.log(
      `  ${label.padEnd(22)} ${round(durationMs / 1000)} s, ${speed}, ` +
        `server RSS max ${sampled.maxMb} MB (largest process; all ${sampled.totalMaxMb} MB)${error ? `  ERROR: ${error}` : ''}`,
    );
    return workError ? null : outcome;
  }
  return {
    run,
    operations,
    // VmHWM can trail a VmRSS sample by a few pages (the kernel syncs its counters lazily).
    peakMb: () => {
      const hwm = peakRssMb(pid);
      return hwm === null ? null : Math.max(hwm, sampledMaxMb);
    },
    stop: () => rss.stop(),
  };
}
