import { isExpired } from './cache-rules';
import { OFFLINE_STORES, openOfflineDb, type OfflineDb } from './offline-db';
import { LIMITS } from '@pastebox/contract/limits';

/** After writes the clean-up runs at most this often: it is housekeeping, not a guarantee. */
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

let lastPruneAt: number | null = null;

/**
 * Deletes entries saved 7 days ago or earlier (SPEC §9), except settings marked as not
 * expiring (user preferences). The `savedAt` index walks only the old entries. Returns how
 * many were deleted.
 */
export async function pruneExpired(db: OfflineDb, now: number): Promise<number> {
  const range = IDBKeyRange.upperBound(now - LIMITS.offlineCacheMaxAgeMs);
  let deleted = 0;
  for (const store of OFFLINE_STORES) {
    const tx = db.transaction(store, 'readwrite');
    let cursor = await tx.store.index('savedAt').openCursor(range);
    while (cursor) {
      const entry = cursor.value;
      const keeps = 'expires' in entry && !entry.expires;
      if (!keeps && isExpired(entry.savedAt, now)) {
        await cursor.delete();
        deleted += 1;
      }
      cursor = await cursor.continue();
    }
    await tx.done;
  }
  return deleted;
}

/**
 * Runs the clean-up on the first call of a page's life (app start: the first API call or
 * draft read opens the database) and then at most every 10 minutes. Never throws.
 */
export async function pruneWhenDue(now = Date.now()): Promise<void> {
  if (lastPruneAt !== null && now - lastPruneAt < PRUNE_INTERVAL_MS) {
    return;
  }
  lastPruneAt = now;
  try {
    const db = await openOfflineDb();
    if (db) {
      await pruneExpired(db, now);
    }
  } catch {
    // Housekeeping only: a failed clean-up is retried at the next interval.
  }
}
