import type { MountSource } from './types';

/**
 * Mounts on one storage config show the same objects, so a write through one of them is a
 * write to all: recording it bumps the cache epoch of each, or another mount on the config
 * would keep serving the listing from before it for its whole cache_ttl.
 */
export function bumpingSiblings(source: MountSource): MountSource {
  return {
    loadMounts: () => source.loadMounts(),
    driverFor: (mount) => source.driverFor(mount),
    ledger: source.ledger,
    folderLeases: source.folderLeases,
    bumpCacheEpoch: async (mountId) => {
      const mounts = await source.loadMounts();
      const configId = mounts.find((mount) => mount.id === mountId)?.storageConfigId;
      const siblings = mounts.filter(
        (mount) => mount.id !== mountId && mount.storageConfigId === configId,
      );
      await source.bumpCacheEpoch(mountId);
      for (const sibling of siblings) {
        await source.bumpCacheEpoch(sibling.id);
      }
    },
  };
}
