import type { FsEntry, FsListing, FsStat } from '@pastebox/contract/schemas/fs';
import type { MountRecord, VfsEntry, VfsListing } from '@/vfs/types';

/** An entry as the fs API answers it; `mountId` is the mount it lies in, when any. */
export function presentEntry(entry: VfsEntry, mountId: string | null): FsEntry {
  return {
    name: entry.name,
    path: entry.path,
    isDirectory: entry.isDirectory,
    size: entry.size,
    modified: entry.modified ? entry.modified.toISOString() : null,
    mimetype: entry.isDirectory ? null : entry.mimetype,
    etag: entry.etag,
    isMount: entry.mount !== null,
    mount_id: entry.mount?.id ?? mountId,
  };
}

export function presentListing(listing: VfsListing): FsListing {
  const mountId = listing.mount?.id ?? null;
  return {
    path: listing.path,
    isRoot: listing.path === '/',
    isVirtual: listing.isVirtual,
    mount_id: mountId,
    items: listing.entries.map((entry) => presentEntry(entry, mountId)),
  };
}

/** GET get: the entry and a summary of the mount it lies in (null above the mounts). */
export function presentStat(entry: VfsEntry, mount: MountRecord | null): FsStat {
  const owner = entry.mount ?? mount;
  return {
    ...presentEntry(entry, owner?.id ?? null),
    mount: owner
      ? {
          id: owner.id,
          name: owner.name,
          mount_path: owner.mountPath,
          storage_type: owner.storageType,
        }
      : null,
  };
}
