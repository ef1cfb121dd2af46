import { processTree, readStatFields } from './process-tree.mjs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time a process has used so far (user + system), in ms; null off Linux. Unlike
 * req/s, CPU per request hardly moves when other tenants load the machine, so it is the
 * steadier of the two figures on a shared box.
 */
export function processCpuMs(pid) {
  const fields = readStatFields(pid);
  if (!fields) {
    return null;
  }
  // utime and stime are fields 14 and 15 of stat (indexes 11 and 12 after the command).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU ms used so far by `pid` and its descendants (a clustered server's primary and its
 * workers); null when `pid` cannot be read.
 */
function treeCpuMs(pid) {
  const own = processCpuMs(pid);
  if (own === null) {
    return null;
  }
  const rest = processTree(pid).slice(1).map(processCpuMs);
  return rest.reduce((sum, ms) => sum + (ms ?? 0), own);
}

/**
 * Runs `work` and answers its result plus the CPU µs `pid` (with its workers) spent per
 * request meanwhile; the count is the `requests` of work's result, known only afterwards
 * when the load generator runs for a fixed time.
 */
export async function withCpuPerRequest(pid, work) {
  const before = treeCpuMs(pid);
  const result = await work();
  const after = treeCpuMs(pid);
  const cpuUsPerRequest =
    before === null || after === null || !result.requests
      ? null
      : Math.round(((after - before) * 1000) / result.requests);
  return { ...result, cpuUsPerRequest };
}
