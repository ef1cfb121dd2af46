import { isExpired, type CacheSlot } from './cache-rules';
import { pruneWhenDue } from './expiry';
import { openOfflineDb, type SavedAnswer } from './offline-db';

/**
 * The header an answer from the offline copy carries (SPEC §4: "a header naming the cache
 * as source"), with the value below. Its status is 200.
 */
export const OFFLINE_SOURCE_HEADER = 'X-Pastebox-Source';
export const OFFLINE_SOURCE_VALUE = 'offline-cache';

/** Data objects that came from the offline copy, so a page can say so. */
const offlineCopies = new WeakSet<object>();

/** Whether `data` (as a query returned it) was read from the offline copy. */
export function isOfflineCopy(data: unknown): boolean {
  return typeof data === 'object' && data !== null && offlineCopies.has(data);
}

/** Marks `data` as read from the offline copy (see `isOfflineCopy`). */
export function markOfflineCopy(data: unknown): void {
  if (typeof data === 'object' && data !== null) {
    offlineCopies.add(data);
  }
}

/** Keeps the data of a successful GET in its slot, for `owner`. Never throws. */
export async function rememberAnswer(slot: CacheSlot, owner: string, data: unknown): Promise<void> {
  try {
    const db = await openOfflineDb();
    if (!db) {
      return;
    }
    const answer: SavedAnswer = { owner, data, savedAt: Date.now() };
    switch (slot.store) {
      case 'pastes':
      case 'files':
        await db.put(slot.store, { slug: slot.key, ...answer });
        break;
      case 'directories':
        await db.put('directories', { path: slot.key, ...answer });
        break;
      case 'settings':
        await db.put('settings', {
          key: slot.key,
          value: { owner, data },
          savedAt: answer.savedAt,
          expires: true,
        });
        break;
    }
    await pruneWhenDue();
  } catch {
    // Quota full or storage refused: the answer is simply not kept.
  }
}

function ownedData(value: unknown, owner: string): { data: unknown } | null {
  if (typeof value !== 'object' || value === null || !('owner' in value) || !('data' in value)) {
    return null;
  }
  return value.owner === owner ? { data: value.data } : null;
}

/**
 * The kept answer for `slot`, if `owner` saved one, as the Response the server would have
 * sent: status 200, the envelope, and the offline-source header. Null otherwise.
 */
export async function recallAnswer(slot: CacheSlot, owner: string): Promise<Response | null> {
  try {
    const db = await openOfflineDb();
    if (!db) {
      return null;
    }
    const entry = await db.get(slot.store, slot.key);
    if (!entry || isExpired(entry.savedAt, Date.now())) {
      return null;
    }
    const saved = slot.store === 'settings' ? 'value' in entry && entry.value : entry;
    const owned = ownedData(saved, owner);
    if (!owned) {
      return null;
    }
    const body = JSON.stringify({ code: 200, message: 'OK', success: true, data: owned.data });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'application/json',
        [OFFLINE_SOURCE_HEADER]: OFFLINE_SOURCE_VALUE,
      },
    });
  } catch {
    return null;
  }
}
