import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time a process has used so far (user + system), in ms; null off Linux. Unlike
 * req/s, CPU per request hardly moves when other tenants load the machine, so it is the
 * steadier of the two figures on a shared box.
 */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The process and its descendants (a clustered server's workers), read from /proc. */
function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${pids[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8');
        pids.push(...children.split(' ').filter(Boolean).map(Number));
      }
    } catch {
      // Gone meanwhile, or not Linux.
    }
  }
  return pids;
}

/** CPU ms used so far by `pid` and its descendants; null when `pid` cannot be read. */
function treeCpuMs(pid) {
  const own = processCpuMs(pid);
  if (own === null) {
    return null;
  }
  const rest = processTree(pid).slice(1).map(processCpuMs);
  return rest.reduce((sum, ms) => sum + (ms ?? 0), own);
}

/** Runs `work` and answers its result plus the CPU µs `pid` (with its workers) spent per request meanwhile. */
export async function withCpuPerRequest(pid, requests, work) {
  const before = treeCpuMs(pid);
  const result = await work();
  const after = treeCpuMs(pid);
  const cpuUsPerRequest =
    before === null || after === null ? null : Math.round(((after - before) * 1000) / requests);
  return { ...result, cpuUsPerRequest };
}
