import { isAtOrUnder } from '@pastebox/contract/rules/virtual-path';
import { VfsError } from './types';

/**
 * Write locks for every front door (DESIGN §5 "Storage trust"): WebDAV takes them, but they
 * hold for the fs API, uploads and copy tasks too, so the one check is here, in the file
 * system. The file system knows no module: the locks come from a LockSource it is handed
 * (the dav-locks module reads the dav_locks table).
 */

/** One active lock as the file system needs it. */
export interface VfsLock {
  token: string;
  /** Normal virtual path of the locked resource. */
  root: string;
  depth: '0' | 'infinity';
  /** Who took it: the admin's id or 'apikey:{id}'. */
  principal: string;
}

/** Where the file system finds the active locks. */
export interface LockSource {
  /**
   * The active locks covering `path` (rooted there, or above it with depth infinity) and,
   * with `below`, those rooted strictly under it too (what a recursive write reaches).
   */
  locksOn(path: string, below: boolean): Promise<VfsLock[]>;
}

/**
 * Who writes, as locks see it. `tokens` are the lock tokens the request submitted (a
 * WebDAV `If` header); null when the front door has no way to submit any (the fs API, a
 * copy task), in which case being the lock's principal is enough.
 */
export interface LockHolder {
  /** Null for a writer that holds no lock at all (a copy task from before locks counted). */
  principal: string | null;
  tokens: ReadonlySet<string> | null;
}

/** A write refused because another principal's lock bears on it; `roots` are the locked paths. */
export class VfsLockedError extends VfsError {
  constructor(
    path: string,
    readonly roots: readonly string[],
  ) {
    super('LOCKED', path, `locked: ${roots.join(', ')}`);
  }
}

/** `lock` covers `path`: rooted there, or above it with depth infinity. */
function covers(lock: VfsLock, path: string): boolean {
  return lock.root === path || (lock.depth === 'infinity' && isAtOrUnder(lock.root, path));
}

function heldBy(lock: VfsLock, holder: LockHolder): boolean {
  return (
    holder.principal !== null &&
    lock.principal === holder.principal &&
    (holder.tokens === null || holder.tokens.has(lock.token))
  );
}

/**
 * Refuses (VfsLockedError, code LOCKED) a write to `path` that a lock the holder does not
 * hold bears on. The locks covering the path count as one (holding any of them is enough,
 * as with shared locks); with `recursive`, every lock rooted below is checked on its own
 * (each needs holding), as RFC 4918 §7 asks of a DELETE or MOVE of a collection.
 */
export async function assertUnlocked(
  source: LockSource,
  holder: LockHolder,
  path: string,
  recursive: boolean,
): Promise<void> {
  const locks = await source.locksOn(path, recursive);
  if (locks.length === 0) {
    return;
  }
  const blocked = new Set<string>();
  const covering = locks.filter((lock) => covers(lock, path));
  if (covering.length > 0 && !covering.some((lock) => heldBy(lock, holder))) {
    covering.forEach((lock) => blocked.add(lock.root));
  }
  const byRoot = new Map<string, VfsLock[]>();
  for (const lock of locks.filter((candidate) => !covers(candidate, path))) {
    byRoot.set(lock.root, [...(byRoot.get(lock.root) ?? []), lock]);
  }
  for (const [root, rooted] of byRoot) {
    if (!rooted.some((lock) => heldBy(lock, holder))) {
      blocked.add(root);
    }
  }
  if (blocked.size > 0) {
    throw new VfsLockedError(path, [...blocked]);
  }
}
