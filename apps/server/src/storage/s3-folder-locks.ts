/**
 * In-process exclusion of S3 folder moves and deletes whose folders overlap (one is the
 * other or inside it). S3 has no rename and no atomic claim: two moves of one folder
 * running together would each copy it, and a delete running under a move would leave the
 * moved folder with only some of its files. Serialised, the second finds the folder gone.
 *
 * It holds within one process. Across the workers of a cluster (WORKERS) and across
 * instances, the file system takes a lease in the database around the same calls
 * (vfs/folder-leases.ts, modules/mounts/folder-leases.ts); this lock still keeps apart two
 * configs of one process that share a bucket, and callers that hold no lease.
 */

/** The held claims: each a list of `bucket NUL prefix` strings. */
const held: string[][] = [];
let waiting: (() => void)[] = [];

function overlaps(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a);
}

function isFree(wanted: readonly string[]): boolean {
  return !held.some((claim) => claim.some((h) => wanted.some((w) => overlaps(h, w))));
}

/** Runs `task` once no other task holds a folder overlapping one of `prefixes`. */
export async function withFolderLock<T>(
  bucket: string,
  prefixes: readonly string[],
  task: () => Promise<T>,
): Promise<T> {
  const wanted = prefixes.map((prefix) => `${bucket}\u0000${prefix}`);
  while (!isFree(wanted)) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  held.push(wanted);
  try {
    return await task();
  } finally {
    held.splice(held.indexOf(wanted), 1);
    const wake = waiting;
    waiting = [];
    for (const resolve of wake) {
      resolve();
    }
  }
}
