import type { StorageDriver } from '@/storage/driver';
import { VfsError } from './types';

/**
 * Exclusion of folder moves and deletes on S3 across processes and instances (issue 29,
 * "Concurrency"). S3 has no rename: a folder moves object by object (storage/s3-folders.ts),
 * so two moves of one folder on two workers of a cluster, or on two instances behind a
 * balancer, would each copy it, and a delete under a move would leave the moved folder
 * with only some of its files. The driver's own lock (storage/s3-folder-locks.ts) holds
 * within one process only.
 *
 * Why here, as a seam the file system is handed: the lease lives in the database, and
 * neither the storage layer nor the vfs imports the database (DESIGN §2). The vfs is where
 * a move or delete is decided (its checks, its ledger, its cache epochs) and where the
 * storage config of a mount is known, so it takes the lease around the driver's call,
 * exactly as it takes the capacity ledger; the mounts module hands the implementation in
 * through the MountSource (modules/mounts/folder-leases.ts). The driver stays a driver.
 */
export interface FolderLeases {
  /**
   * Runs `task` while holding a lease on each folder key (of the storage config
   * `configId`). While another holder's unexpired lease covers one of them — the same
   * folder, one inside it or one above it — it waits; the lease is renewed while `task`
   * runs and released after it. Rejects with FolderBusyError when the folders stay taken
   * for longer than a request should wait.
   */
  hold<T>(configId: string, folderKeys: readonly string[], task: () => Promise<T>): Promise<T>;
}

/** The folders were still leased by another move or delete when the wait ran out. */
export class FolderBusyError extends Error {
  constructor(readonly folderKeys: readonly string[]) {
    super(`Another move or delete holds ${folderKeys.join(', ')}`);
  }
}

/**
 * Runs a folder move or delete (`task`, the driver's call and what must see the same
 * folder) under a lease on its folders, when the storage needs one: only S3 does. A local
 * folder moves in one rename(2) and is deleted by one recursive rm, which the host's file
 * system already orders. Folders still taken once the wait has run out: CONFLICT at `path`.
 */
export async function underFolderLease<T>(
  leases: FolderLeases,
  driver: StorageDriver,
  where: { configId: string; path: string },
  folderKeys: readonly string[],
  task: () => Promise<T>,
): Promise<T> {
  if (driver.kind !== 's3') {
    return task();
  }
  try {
    return await leases.hold(where.configId, folderKeys, task);
  } catch (error) {
    if (error instanceof FolderBusyError) {
      throw new VfsError(
        'CONFLICT',
        where.path,
        'another move or delete of this folder (or of one inside or above it) is under way; try again once it has ended',
      );
    }
    throw error;
  }
}
