import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Server test files that run far longer than their size suggests, longest first (seconds
 * measured on the 2-core machine, both databases, Nov 2026). With no results cache — a
 * fresh CI clone — vitest starts the largest files first, so a small file that runs for
 * minutes starts last and one worker runs it alone at the end: the ZIP64 file was such a
 * tail, 106 s after every other file had ended.
 */
const LONG_RUNNING = [
  'apps/server/test/zip/zip64.sqlite.test.ts', // 60–250 s: 4 GiB through unzip and Python
  'apps/server/test/accounts/quota-burst.test.ts', // 15–50 s, 2.6 KB
  'apps/server/test/vfs/large-folders.test.ts', // 25–40 s, 3 KB
  // Not download-zip-memory (40–60 s, 4 KB): it starts a server through tsx within 30 s,
  // which a start beside the 4 GiB file would make needlessly tight on 2 cores.
];

function longRunningRank(file: TestSpecification): number {
  const rank = LONG_RUNNING.findIndex((name) => file.moduleId.endsWith(name));
  return rank === -1 ? LONG_RUNNING.length : rank;
}

/**
 * Vitest's order (project groups, then failed first, then longest by the cache or largest
 * by size), with the files of {@link LONG_RUNNING} moved to the front: a long file started
 * first runs beside the others instead of after them. Groups keep their order: vitest runs
 * the files of a `sequence.groupOrder` together, in the order given here.
 */
export class LongRunningFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => longRunningRank(a) - longRunningRank(b));
  }
}
