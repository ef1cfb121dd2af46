import {
  ALLOWED_GROWTH_KB,
  JUDGED_LIFE_MS,
  WARM_UP_FROM_MS,
  WARM_UP_TO_MS,
  judgeMemory,
} from '../memory.mjs';

// Invariant 5: throughput and p99 latency per operation per minute (figures, for the
// report and its plot), and memory flat: every instance process that lived at least
// JUDGED_LIFE_MS ends (median of its last three RSS samples) at most ALLOWED_GROWTH_KB
// above its warm-up level (its highest sample between WARM_UP_FROM_MS and WARM_UP_TO_MS of
// its life).

function percentile(sorted, p) {
  if (sorted.length === 0) {
    return null;
  }
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `{ op → [{ minute, count, perSecond, p50, p99, errors }] }` over the load's samples. */
export function perMinute(samples, loadEndedAt) {
  const table = {};
  const minutes = Math.ceil(loadEndedAt / 60_000);
  // One pass into buckets: a 30-minute run has tens of thousands of samples.
  const buckets = new Map();
  for (const sample of samples) {
    const key = `${sample.op}\u0000${Math.floor(sample.start / 60_000)}`;
    const bucket = buckets.get(key) ?? [];
    bucket.push(sample);
    buckets.set(key, bucket);
  }
  for (const op of [...new Set(samples.map((s) => s.op))].sort()) {
    table[op] = [];
    for (let minute = 0; minute < minutes; minute += 1) {
      const inMinute = buckets.get(`${op}\u0000${minute}`) ?? [];
      const durations = inMinute.map((s) => s.end - s.start).sort((a, b) => a - b);
      const span = Math.min(60_000, loadEndedAt - minute * 60_000) / 1000;
      table[op].push({
        minute: minute + 1,
        count: inMinute.length,
        perSecond: +(inMinute.length / span).toFixed(2),
        p50: percentile(durations, 50),
        p99: percentile(durations, 99),
        errors: inMinute.filter((s) => s.status === 0 || s.status >= 500).length,
      });
    }
  }
  return table;
}

export function checkThroughputAndMemory({ samples, memory, durationMs }) {
  // The planned minutes: the few seconds the clients take to finish their last operation
  // would make a last, misleading partial minute.
  const loadSamples = samples.filter((s) => s.start < durationMs);
  const table = perMinute(loadSamples, durationMs);
  const lives = judgeMemory(memory);
  const grown = lives.filter((l) => !l.flat);
  const judged = lives.filter((l) => l.judged);
  const total = loadSamples.length / (durationMs / 1000);
  const worstP99 = Object.entries(table)
    .map(([op, rows]) => [op, Math.max(...rows.map((r) => r.p99 ?? 0))])
    .sort((a, b) => b[1] - a[1])[0];
  return {
    name: '5. throughput and p99 per op per minute; memory flat',
    held: grown.length === 0 && judged.length > 0,
    figures:
      `${total.toFixed(1)} requests/s overall; highest p99 ${worstP99?.[1]} ms (${worstP99?.[0]}); ` +
      `memory: ${judged.length} process lives judged (≥ ${JUDGED_LIFE_MS / 1000} s), growth after warm-up ` +
      `${judged.map((l) => `${l.instance} ${l.growthMb >= 0 ? '+' : ''}${l.growthMb} MB`).join(', ')} ` +
      `(allowed +${ALLOWED_GROWTH_KB / 1024} MB over the highest RSS at ${WARM_UP_FROM_MS / 1000}–${WARM_UP_TO_MS / 1000} s)`,
    problems: grown.map((l) => `${l.instance} pid ${l.pid}: ${l.warmUpMb} → ${l.endMb} MB`),
    table,
    lives,
  };
}
