import { safeStorage } from '@/lib/storage-keys';
import { pruneWhenDue } from './expiry';
import { openOfflineDb } from './offline-db';

/** A value kept in the settings store; `savedAt` (epoch ms) is SPEC §3's. */
export interface KeptValue {
  savedAt: number;
}

export interface KeptSetting<T extends KeptValue> {
  /** The stored value, unchecked (callers validate what they read), or null. */
  read(): Promise<unknown>;
  write(value: T): Promise<void>;
  remove(): Promise<void>;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The value's own savedAt as epoch ms (older drafts kept an ISO string), else NaN. */
function savedAtOf(value: unknown): number {
  const savedAt: unknown =
    typeof value === 'object' && value !== null && 'savedAt' in value ? value.savedAt : null;
  return typeof savedAt === 'string' ? Date.parse(savedAt) : Number(savedAt ?? NaN);
}

/**
 * One entry of the offline database's settings store (SPEC §3: the Markdown draft, user
 * preferences). What an earlier version kept in localStorage under `legacyKey` is moved
 * over on the first read. Where IndexedDB is unavailable (private mode, a test DOM), the
 * value stays in localStorage under `legacyKey`, so the feature still works there.
 * `expires: false` keeps the entry through the 7-day offline-cache clean-up.
 */
export function keptSetting<T extends KeptValue>(
  key: string,
  legacyKey: string,
  options: { expires: boolean },
): KeptSetting<T> {
  return {
    async read() {
      const legacy = safeStorage.get(legacyKey);
      const db = await openOfflineDb();
      if (!db) {
        return legacy === null ? null : parseJson(legacy);
      }
      try {
        if (legacy !== null) {
          const value = parseJson(legacy);
          const savedAt = savedAtOf(value);
          await db.put('settings', {
            key,
            value,
            savedAt: Number.isFinite(savedAt) ? savedAt : Date.now(),
            expires: options.expires,
          });
          safeStorage.remove(legacyKey);
        }
        void pruneWhenDue();
        return (await db.get('settings', key))?.value ?? null;
      } catch {
        return null;
      }
    },
    async write(value) {
      const db = await openOfflineDb();
      if (!db) {
        safeStorage.set(legacyKey, JSON.stringify(value));
        return;
      }
      try {
        await db.put('settings', { key, value, savedAt: value.savedAt, expires: options.expires });
      } catch {
        // Quota full or storage refused: the value is simply not kept.
      }
    },
    async remove() {
      safeStorage.remove(legacyKey);
      const db = await openOfflineDb();
      try {
        await db?.delete('settings', key);
      } catch {
        // Nothing kept, nothing to remove.
      }
    },
  };
}
