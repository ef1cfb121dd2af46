import { isAtOrUnder } from '@pastebox/contract/rules/virtual-path';
import type { ObjectStat } from '@/storage/driver';
import { fileEntry, folderEntry } from './entries';
import { listingCache } from './listing-cache';
import { assertFolder, listStorageFolderDated, rootDateOf } from './listing';
import type { Placement } from './mount-table';
import { onStorage } from './storage-errors';
import {
  VfsError,
  type MountRecord,
  type MountSource,
  type ResolvedPath,
  type VfsEntry,
} from './types';

/**
 * What the file system (vfs/file-system.ts) reads from a mount's storage once a path is
 * checked and placed: an entry, a folder's entries, a file's stat. The checks (basic_path,
 * locks, reserved names) stay there; these only turn storage answers into VFS ones.
 */

/** The entry at a placed path: a folder above the mounts, a mount's root, a file or a folder. */
export async function entryAt(
  source: MountSource,
  path: string,
  placement: Placement,
): Promise<VfsEntry> {
  if (placement.kind === 'virtual') {
    return folderEntry(path);
  }
  if (placement.kind === 'none') {
    throw new VfsError('NOT_FOUND', path);
  }
  const { mount, key } = placement;
  if (key === '') {
    return folderEntry(path, mount, await rootDateOf(() => source.driverFor(mount)));
  }
  const driver = await source.driverFor(mount);
  return onStorage(path, async () => {
    const stat = await driver.stat(key);
    if (stat) {
      return fileEntry(path, stat);
    }
    const folder = await driver.folderStat(key);
    if (folder) {
      return folderEntry(path, null, folder.lastModified);
    }
    throw new VfsError('NOT_FOUND', path);
  });
}

/**
 * A folder's entries in a mount, from the listing cache when it has them. On the way down
 * to a basic_path (`wayDown`), a file where a folder should be is FORBIDDEN: none of the
 * key's business.
 */
export async function storageEntries(
  source: MountSource,
  at: { path: string; mount: MountRecord; key: string },
  now: number,
  wayDown: boolean,
): Promise<VfsEntry[]> {
  const { path, mount, key } = at;
  const cached = listingCache.get(mount, key, now);
  if (cached) {
    return cached;
  }
  const driver = await source.driverFor(mount);
  const entries = await onStorage(path, () => listStorageFolderDated(driver, key, path)).catch(
    (error: unknown) => {
      throw wayDown && error instanceof VfsError && error.code === 'NOT_A_FOLDER'
        ? new VfsError('FORBIDDEN', path)
        : error;
    },
  );
  listingCache.set(mount, key, entries, now);
  return entries;
}

/**
 * Above its basic_path a key sees only the way down to it: the folders on it, and the
 * basic_path itself.
 */
export function wayDownTo(basicPath: string, entries: VfsEntry[]): VfsEntry[] {
  return entries.filter(
    (entry) =>
      entry.path === basicPath || (entry.isDirectory && isAtOrUnder(entry.path, basicPath)),
  );
}

/**
 * `then` with the stat of the file at `target`; NOT_A_FILE for a folder or a mount's root,
 * NOT_FOUND for nothing (read and link both start so).
 */
export async function withFileStat<T>(
  target: ResolvedPath,
  then: (stat: ObjectStat) => Promise<T>,
): Promise<T> {
  const { path, driver, key } = target;
  if (key === '') {
    throw new VfsError('NOT_A_FILE', path);
  }
  return onStorage(path, async () => {
    const stat = await driver.stat(key);
    if (!stat) {
      await assertFolder(driver, key, path);
      throw new VfsError('NOT_A_FILE', path);
    }
    return then(stat);
  });
}
