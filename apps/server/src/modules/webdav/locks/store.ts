import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { DavLocksRepo, type DavLockRow } from './repo';

/**
 * Which locks bear on a path (RFC 4918 §6, §7): a lock covers its root, and with depth
 * infinity everything below it. Expired locks are simply not read (and swept later).
 */

/** The paths above `path`, nearest last: '/a/b/c' → ['/', '/a', '/a/b']. */
export function ancestorsOf(path: string): string[] {
  if (path === '/') {
    return [];
  }
  const segments = path.split('/').slice(1, -1);
  const result = ['/'];
  for (let i = 1; i <= segments.length; i += 1) {
    result.push(`/${segments.slice(0, i).join('/')}`);
  }
  return result;
}

/** `lock` covers `path`: rooted there, or above it with depth infinity. */
export function covers(lock: DavLockRow, path: string): boolean {
  return lock.root === path || (lock.depth === 'infinity' && ancestorsOf(path).includes(lock.root));
}

export function locksRepo(deps: AppDeps): DavLocksRepo {
  return new DavLocksRepo(deps.db);
}

export function nowIso(deps: AppDeps): string {
  return isoNow(deps.clock);
}

/** Active locks covering `path` itself (rooted at it or at an ancestor with depth infinity). */
export async function locksCovering(deps: AppDeps, path: string): Promise<DavLockRow[]> {
  const rows = await locksRepo(deps).rootedAt([path, ...ancestorsOf(path)], nowIso(deps));
  return rows.filter((row) => covers(row, path));
}

/** The folder above `path` ('/a/b' → '/a', '/a' → '/'). */
function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/**
 * Active locks bearing on `folder` or one of its direct members, in one query: those rooted
 * at the folder, its ancestors' with depth infinity, and those rooted at a member. What a
 * depth-1 PROPFIND shows (locks deeper down bear on none of its entries).
 */
export async function locksAroundFolder(deps: AppDeps, folder: string): Promise<DavLockRow[]> {
  const ancestors = ancestorsOf(folder);
  const rows = await locksRepo(deps).rootedAtOrBelow(ancestors, folder, nowIso(deps));
  return rows.filter(
    (row) =>
      row.root === folder ||
      parentOf(row.root) === folder ||
      (row.depth === 'infinity' && ancestors.includes(row.root)),
  );
}

/** Active locks rooted strictly below `path` (what a depth-infinity operation also reaches). */
export async function locksBelow(deps: AppDeps, path: string): Promise<DavLockRow[]> {
  const rows = await locksRepo(deps).rootedBelow(path, nowIso(deps));
  return rows.filter((row) => row.root !== path);
}

/** Seconds a lock has left, rounded up. */
export function secondsLeft(deps: AppDeps, row: DavLockRow): number {
  const ms = new Date(row.expires_at).getTime() - deps.clock.now().getTime();
  return Math.max(0, Math.ceil(ms / 1000));
}

/** Deletes locks that have expired; the sweeper's pass. */
export function sweepExpiredDavLocks(deps: AppDeps): Promise<number> {
  return locksRepo(deps).removeExpired(nowIso(deps));
}
