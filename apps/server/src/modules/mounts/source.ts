import type { AppDeps } from '@/context';
import type { MountRecord, MountSource } from '@/vfs/types';
import { capacityLedger, getStorage } from '@/modules/storage-configs/service';
import { folderLeases } from './folder-leases';
import { MountsRepo, type MountRow } from './repo';

/** A row as the file system sees it. */
export function mountRecordOf(row: MountRow): MountRecord {
  return {
    id: row.id,
    name: row.name,
    storageType: row.storage_type === 'local' ? 'local' : 'S3',
    storageConfigId: row.storage_config_id,
    mountPath: row.mount_path,
    isActive: row.is_active === 1,
    sortOrder: row.sort_order,
    cacheTtl: row.cache_ttl,
    cacheEpoch: Number(row.cache_epoch),
  };
}

/**
 * The mount table and drivers for the file system (src/vfs), read fresh from the database
 * on each call so every instance sees another's edits at once; the vfs layer itself
 * imports no module.
 */
export function mountSource(deps: AppDeps): MountSource {
  const repo = new MountsRepo(deps.db);
  return {
    loadMounts: async () => (await repo.list()).map(mountRecordOf),
    driverFor: async (mount) => (await getStorage(deps, mount.storageConfigId)).driver,
    bumpCacheEpoch: async (mountId) => {
      await repo.bumpCacheEpoch(mountId);
    },
    ledger: capacityLedger(deps),
    folderLeases: folderLeases(deps),
  };
}
