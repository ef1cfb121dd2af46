import { openOfflineDb, type OfflineDb } from './offline-db';

/** The settings entries that are cached answers (the rest are the draft and preferences). */
const RESPONSE_PREFIX = 'response:';
const CACHE_STORES = ['pastes', 'files', 'directories'] as const;

/** The query key of the settings card's measurement (device-local, not an API call). */
export const OFFLINE_CACHE_STATS_KEY = ['offline-cache-stats'] as const;

export interface OfflineCacheStats {
  /** Whether this browser gives the app an offline database at all. */
  available: boolean;
  entries: number;
  /** The kept answers' size as JSON text: an estimate of what they occupy. */
  bytes: number;
}

function responseRange(): IDBKeyRange {
  // Every key starting with the prefix: '\uffff' sorts after any character a path holds.
  return IDBKeyRange.bound(RESPONSE_PREFIX, `${RESPONSE_PREFIX}\uffff`);
}

async function measure(db: OfflineDb): Promise<{ entries: number; bytes: number }> {
  const values: unknown[] = [];
  for (const store of CACHE_STORES) {
    values.push(...(await db.getAll(store)));
  }
  values.push(...(await db.getAll('settings', responseRange())));
  const encoder = new TextEncoder();
  const bytes = values.reduce<number>(
    (sum, value) => sum + encoder.encode(JSON.stringify(value)).byteLength,
    0,
  );
  return { entries: values.length, bytes };
}

/** How many offline copies of answers are kept and roughly how large they are. */
export async function offlineCacheStats(): Promise<OfflineCacheStats> {
  const db = await openOfflineDb();
  if (!db) {
    return { available: false, entries: 0, bytes: 0 };
  }
  return { available: true, ...(await measure(db)) };
}

/**
 * Deletes every offline copy of an answer. The Markdown draft and preferences stay: they
 * are the user's own work, not copies of the server's.
 */
export async function clearOfflineCache(): Promise<void> {
  const db = await openOfflineDb();
  if (!db) {
    return;
  }
  const tx = db.transaction([...CACHE_STORES, 'settings'], 'readwrite');
  await Promise.all([
    ...CACHE_STORES.map((store) => tx.objectStore(store).clear()),
    tx.objectStore('settings').delete(responseRange()),
    tx.done,
  ]);
}
