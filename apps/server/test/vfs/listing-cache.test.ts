import { describe, expect, it } from 'vitest';
import { folderEntry } from '@/vfs/entries';
import { ListingCache } from '@/vfs/listing-cache';
import type { MountRecord } from '@/vfs/types';

function mount(extra: Partial<MountRecord> = {}): MountRecord {
  return {
    id: 'm1',
    name: 'm1',
    storageType: 'local',
    storageConfigId: 'config',
    mountPath: '/m1',
    isActive: true,
    sortOrder: 0,
    cacheTtl: 60,
    cacheEpoch: 1,
    ...extra,
  };
}

const entries = (count: number) =>
  Array.from({ length: count }, (_, index) => folderEntry(`/m1/f${index}`));

describe('ListingCache', () => {
  it('serves a listing for cache_ttl seconds, then forgets it', () => {
    const cache = new ListingCache({ maxItems: 100 });
    cache.set(mount(), 'a', entries(2), 1_000);
    expect(cache.get(mount(), 'a', 1_000 + 59_999)).toHaveLength(2);
    expect(cache.get(mount(), 'a', 1_000 + 60_000)).toBeNull();
  });

  it('misses once the epoch moves (a write on any instance)', () => {
    const cache = new ListingCache({ maxItems: 100 });
    cache.set(mount(), 'a', entries(2), 0);
    expect(cache.get(mount({ cacheEpoch: 2 }), 'a', 1)).toBeNull();
  });

  it('caches nothing with cache_ttl 0', () => {
    const cache = new ListingCache({ maxItems: 100 });
    cache.set(mount({ cacheTtl: 0 }), 'a', entries(2), 0);
    expect(cache.size.listings).toBe(0);
  });

  it('holds at most maxItems entries, dropping the least recently used listing first', () => {
    const cache = new ListingCache({ maxItems: 10 });
    cache.set(mount(), 'a', entries(4), 0);
    cache.set(mount(), 'b', entries(4), 0);
    expect(cache.get(mount(), 'a', 1)).not.toBeNull(); // a is now the most recent
    cache.set(mount(), 'c', entries(4), 0);
    expect(cache.get(mount(), 'b', 1)).toBeNull();
    expect(cache.get(mount(), 'a', 1)).not.toBeNull();
    expect(cache.get(mount(), 'c', 1)).not.toBeNull();
    expect(cache.size).toEqual({ listings: 2, items: 8 });
    cache.set(mount(), 'huge', entries(11), 0);
    expect(cache.get(mount(), 'huge', 1)).toBeNull();
  });

  it('clears everything, or the listings of some mounts', () => {
    const cache = new ListingCache({ maxItems: 100 });
    cache.set(mount(), 'a', entries(1), 0);
    cache.set(mount({ id: 'm2' }), 'a', entries(1), 0);
    expect(cache.clearMounts(['m2'])).toBe(1);
    expect(cache.get(mount({ id: 'm2' }), 'a', 1)).toBeNull();
    expect(cache.clear()).toBe(1);
    expect(cache.size).toEqual({ listings: 0, items: 0 });
  });
});
