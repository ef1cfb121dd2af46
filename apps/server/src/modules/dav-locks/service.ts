import type { Kysely } from 'kysely';
import type { AppDeps } from '@/context';
import type { Database } from '@/db/types';
import { isoNow } from '@/lib/clock';
import type { FileSystemOptions } from '@/vfs/file-system';
import type { LockSource } from '@/vfs/locks';
import { DavLocksRepo, type DavLockRow, type NewDavLock } from './repo';
import { ancestorsOf, covers, keyPrincipal, parentOf } from './rules';

export type { DavLockRow, NewDavLock } from './repo';
export { ancestorsOf, covers } from './rules';

/**
 * The dav_locks table's one door (DESIGN §5 "Storage trust"). WebDAV takes and releases
 * locks through it; the file system reads them through `lockSourceOf` so that a lock holds
 * for every front door; api-keys drops a key's locks when the key goes; the admin lists
 * and releases any. Expired locks are simply not read (and swept later).
 */

function repoOf(deps: AppDeps): DavLocksRepo {
  return new DavLocksRepo(deps.db);
}

function nowIso(deps: AppDeps): string {
  return isoNow(deps.clock);
}

/** Active locks covering `path` itself (rooted at it or at an ancestor with depth infinity). */
export async function locksCovering(deps: AppDeps, path: string): Promise<DavLockRow[]> {
  const rows = await repoOf(deps).rootedAt([path, ...ancestorsOf(path)], nowIso(deps));
  return rows.filter((row) => covers(row, path));
}

/**
 * Active locks bearing on `folder` or one of its direct members, in one query: those rooted
 * at the folder, its ancestors' with depth infinity, and those rooted at a member. What a
 * depth-1 PROPFIND shows (locks deeper down bear on none of its entries).
 */
export async function locksAroundFolder(deps: AppDeps, folder: string): Promise<DavLockRow[]> {
  const ancestors = ancestorsOf(folder);
  const rows = await repoOf(deps).rootedAtOrBelow(ancestors, folder, nowIso(deps));
  return rows.filter(
    (row) =>
      row.root === folder ||
      parentOf(row.root) === folder ||
      (row.depth === 'infinity' && ancestors.includes(row.root)),
  );
}

/** Active locks rooted strictly below `path` (what a depth-infinity operation also reaches). */
export async function locksBelow(deps: AppDeps, path: string): Promise<DavLockRow[]> {
  const rows = await repoOf(deps).rootedBelow(path, nowIso(deps));
  return rows.filter((row) => row.root !== path);
}

/** Seconds a lock has left, rounded up. */
export function secondsLeft(deps: AppDeps, row: DavLockRow): number {
  const ms = new Date(row.expires_at).getTime() - deps.clock.now().getTime();
  return Math.max(0, Math.ceil(ms / 1000));
}

export function insertLock(deps: AppDeps, row: NewDavLock): Promise<void> {
  return repoOf(deps).insert(row);
}

export function refreshLock(
  deps: AppDeps,
  token: string,
  timeoutSeconds: number,
  expiresAt: string,
): Promise<void> {
  return repoOf(deps).refresh(token, timeoutSeconds, expiresAt);
}

/** Deletes one lock by token (UNLOCK, the admin's release); answers whether it existed. */
export function removeLock(deps: AppDeps, token: string): Promise<boolean> {
  return repoOf(deps).remove(token);
}

/** Drops the locks on `path` and below it; answers how many. */
export function removeLocksBelow(deps: AppDeps, path: string): Promise<number> {
  return repoOf(deps).removeBelow(path);
}

/** The active lock with this token, if any. */
export function findActiveLock(deps: AppDeps, token: string): Promise<DavLockRow | undefined> {
  return repoOf(deps).findActive(token, nowIso(deps));
}

/** Every active lock, oldest first. */
export function listActiveLocks(deps: AppDeps): Promise<DavLockRow[]> {
  return repoOf(deps).listActive(nowIso(deps));
}

/** Deletes locks that have expired; the sweeper's pass. */
export function sweepExpiredDavLocks(deps: AppDeps): Promise<number> {
  return repoOf(deps).removeExpired(nowIso(deps));
}

/**
 * Drops every lock of these keys: deleted, expired or without mount permission, a key can
 * no longer release what it holds, so nobody else may stay locked out by it. `db` may be
 * the transaction that changes the keys.
 */
export function dropLocksOfKeys(db: Kysely<Database>, keyIds: readonly string[]): Promise<number> {
  return new DavLocksRepo(db).removeOfPrincipals(keyIds.map(keyPrincipal));
}

/**
 * Drops every lock these holders hold (account ids or 'apikey:{id}'): a deleted or
 * disabled account, and its keys, can release nothing (issue 32).
 */
export function dropLocksOfHolders(
  db: Kysely<Database>,
  holders: readonly string[],
): Promise<number> {
  return new DavLocksRepo(db).removeOfPrincipals(holders);
}

/** Drops a key's locks outside its (new) basic_path, which it could no longer reach. */
export function dropLocksOfKeyOutside(
  db: Kysely<Database>,
  keyId: string,
  basicPath: string,
): Promise<number> {
  return new DavLocksRepo(db).removeOfPrincipalOutside(keyPrincipal(keyId), basicPath);
}

/** `root` lies strictly below `path`. */
function isStrictlyUnder(root: string, path: string): boolean {
  return root !== path && root.startsWith(path === '/' ? '/' : `${path}/`);
}

/** The locks the file system checks every write against (vfs/locks.ts). */
export function lockSourceOf(deps: AppDeps): LockSource {
  return {
    locksOn: async (path, below) => {
      const rows = below
        ? await repoOf(deps).rootedAtOrBelow(ancestorsOf(path), path, nowIso(deps))
        : await repoOf(deps).rootedAt([path, ...ancestorsOf(path)], nowIso(deps));
      return rows
        .filter((row) => covers(row, path) || (below && isStrictlyUnder(row.root, path)))
        .map((row) => ({
          token: row.token,
          root: row.root,
          depth: row.depth === 'infinity' ? ('infinity' as const) : ('0' as const),
          principal: row.principal,
        }));
    },
  };
}

/**
 * What a front door hands fileSystemFor so its writes obey the locks: the lock source
 * and who writes (`tokens`: the lock tokens the request submitted, null where none can be).
 */
export function lockingFor(
  deps: AppDeps,
  principal: string | null,
  tokens: ReadonlySet<string> | null,
): Pick<FileSystemOptions, 'locks'> {
  return { locks: { source: lockSourceOf(deps), holder: { principal, tokens } } };
}
