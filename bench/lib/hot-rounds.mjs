import { ratio } from './bare-rounds.mjs';

// Issue 34's yardstick for a hot share: reads/s of one share as a multiple of pgbench's
// rate for the same single-row UPDATE in the same run. Both drift with the machine's other
// tenants from one minute to the next, so they alternate — pgbench, then each read, round
// after round — and every ratio is taken within its own round.

/** The middle item of `items` sorted by `key` (the lower one of an even count). */
function median(items, key) {
  const sorted = [...items].sort((a, b) => (key(a) ?? 0) - (key(b) ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Runs `rounds` rounds of `measurePgbench()` then each of `reads` ({ operation: () =>
 * measurement }), in turn. Resolves with one measurement per operation, pgbench's first:
 * pgbench is reported by its median round (`roundRates` lists all); a read by its round with
 * the median ratio — or its first with errors, which no other round outvotes — with
 * `pgbenchTps` and `ratio` of that round, `roundRatios` and `medianRatio`, and `target`.
 */
export async function alternateWithPgbench({ rounds, measurePgbench, reads, target, pgbenchName }) {
  const pgbenchRounds = [];
  const readRounds = Object.fromEntries(Object.keys(reads).map((operation) => [operation, []]));
  for (let round = 0; round < rounds; round += 1) {
    const pgbench = await measurePgbench();
    pgbenchRounds.push(pgbench);
    for (const [operation, measureRead] of Object.entries(reads)) {
      const read = await measureRead();
      readRounds[operation].push({
        ...read,
        pgbenchTps: pgbench.requestsPerSecond,
        ratio: ratio(read.requestsPerSecond, pgbench.requestsPerSecond),
      });
    }
  }
  const results = {
    [pgbenchName]: {
      ...median(pgbenchRounds, (round) => round.requestsPerSecond),
      roundRates: pgbenchRounds.map((round) => round.requestsPerSecond),
    },
  };
  for (const [operation, measured] of Object.entries(readRounds)) {
    const middle = median(measured, (round) => round.ratio);
    const failed = measured.find((round) => round.errors > 0);
    results[operation] = {
      ...(failed ?? middle),
      roundRatios: measured.map((round) => round.ratio),
      medianRatio: middle.ratio,
      target,
    };
  }
  return results;
}
