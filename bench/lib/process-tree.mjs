import fs from 'node:fs';

// A clustered server (WORKERS, default: the number of cores) is a primary and its
// node:cluster workers, and the workers do the work: CPU and memory must be read from all
// of them. /proc/<pid>/task/<tid>/children needs CONFIG_PROC_CHILDREN, which some kernels
// (this benchmark machine's among them) lack, so the tree is found from every process's
// parent pid in /proc/<pid>/stat instead.

/** Fields of /proc/<pid>/stat after the command (which may hold spaces); null if unreadable. */
export function readStatFields(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Pids of the processes alive now; none off Linux. */
function listProcesses() {
  try {
    return fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
}

/** `pid` followed by all its descendants alive now; just `[pid]` off Linux. */
export function processTree(pid) {
  const parentOf = new Map();
  for (const entry of listProcesses()) {
    // Field 4 of stat (index 1 after the command) is the parent pid.
    const fields = readStatFields(entry);
    if (fields) {
      parentOf.set(Number(entry), Number(fields[1]));
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) {
      if (parent === tree[i]) {
        tree.push(child);
      }
    }
  }
  return tree;
}

/** How many processes `pid` has below it: a clustered server's workers (0 when single). */
export const workerCount = (pid) => processTree(pid).length - 1;
