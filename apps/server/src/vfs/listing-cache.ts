import type { MountRecord, VfsEntry } from './types';

/**
 * Listings of mount folders kept in memory for the mount's cache_ttl (DESIGN §7). The key
 * holds the mount's cache epoch: a write anywhere (this instance or another) bumps the
 * epoch in the database, the next mount load carries the new one, and the old entries are
 * simply never asked for again — they age out of the LRU.
 *
 * Memory is bounded by entries (files and folders) across all listings, not by listings:
 * one folder of 100,000 files weighs what 100,000 folders of one file do.
 */
export interface ListingCacheOptions {
  /** Files and folders held across all cached listings. */
  maxItems: number;
}

interface Cached {
  expiresAt: number;
  entries: VfsEntry[];
}

export class ListingCache {
  /** A Map iterates in insertion order: the first key is the least recently used. */
  private readonly listings = new Map<string, Cached>();
  private items = 0;

  constructor(private readonly options: ListingCacheOptions) {}

  private keyOf(mount: MountRecord, folderKey: string): string {
    return JSON.stringify([
      mount.id,
      mount.cacheEpoch,
      mount.storageConfigId,
      mount.mountPath,
      folderKey,
    ]);
  }

  get(mount: MountRecord, folderKey: string, now: number): VfsEntry[] | null {
    if (mount.cacheTtl <= 0) {
      return null;
    }
    const key = this.keyOf(mount, folderKey);
    const cached = this.listings.get(key);
    if (!cached) {
      return null;
    }
    this.drop(key, cached);
    if (cached.expiresAt <= now) {
      return null;
    }
    this.listings.set(key, cached);
    this.items += cached.entries.length;
    return cached.entries;
  }

  set(mount: MountRecord, folderKey: string, entries: VfsEntry[], now: number): void {
    if (mount.cacheTtl <= 0 || entries.length > this.options.maxItems) {
      return;
    }
    const key = this.keyOf(mount, folderKey);
    const old = this.listings.get(key);
    if (old) {
      this.drop(key, old);
    }
    this.listings.set(key, { expiresAt: now + mount.cacheTtl * 1000, entries });
    this.items += entries.length;
    for (const [oldest, cached] of this.listings) {
      if (this.items <= this.options.maxItems) {
        break;
      }
      this.drop(oldest, cached);
    }
  }

  /** Drops every listing (POST /cache/clear); returns how many there were. */
  clear(): number {
    const count = this.listings.size;
    this.listings.clear();
    this.items = 0;
    return count;
  }

  /** Drops the listings of some mounts; returns how many mounts had any. */
  clearMounts(mountIds: readonly string[]): number {
    const ids = new Set(mountIds);
    const hit = new Set<string>();
    for (const [key, cached] of this.listings) {
      const id = (JSON.parse(key) as [string])[0];
      if (ids.has(id)) {
        hit.add(id);
        this.drop(key, cached);
      }
    }
    return hit.size;
  }

  get size(): { listings: number; items: number } {
    return { listings: this.listings.size, items: this.items };
  }

  private drop(key: string, cached: Cached): void {
    this.listings.delete(key);
    this.items -= cached.entries.length;
  }
}

/** The process's cache, shared by every caller's file system (entries are caller-neutral). */
export const listingCache = new ListingCache({ maxItems: 200_000 });
