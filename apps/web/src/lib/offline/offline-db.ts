import {
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPObjectStore,
  type IDBPTransaction,
} from 'idb';

/** The IndexedDB database of SPEC §3 ("Offline database", version 2). */
export const OFFLINE_DB_NAME = 'pastebox-offline';
export const OFFLINE_DB_VERSION = 2;

/** An API answer kept for offline use: whose it was and when it was saved (epoch ms). */
export interface SavedAnswer {
  /** The identity that received it (see `cacheOwner`); only that identity gets it back. */
  owner: string;
  data: unknown;
  savedAt: number;
}

/** A settings entry: a cached answer (`response:…`), the Markdown draft, or a preference. */
export interface SettingRecord {
  key: string;
  value: unknown;
  savedAt: number;
  /** False for what must outlive the 7-day offline-cache clean-up (user preferences). */
  expires: boolean;
}

export interface OfflineSchema extends DBSchema {
  pastes: { key: string; value: SavedAnswer & { slug: string }; indexes: { savedAt: number } };
  files: { key: string; value: SavedAnswer & { slug: string }; indexes: { savedAt: number } };
  directories: { key: string; value: SavedAnswer & { path: string }; indexes: { savedAt: number } };
  settings: { key: string; value: SettingRecord; indexes: { savedAt: number } };
}

export type OfflineStore = 'pastes' | 'files' | 'directories' | 'settings';
export const OFFLINE_STORES: readonly OfflineStore[] = [
  'pastes',
  'files',
  'directories',
  'settings',
];

export type OfflineDb = IDBPDatabase<OfflineSchema>;

/**
 * Version 1 held only `pastes` (keyed by slug). Version 2 adds `files`, `directories` and
 * `settings`, and a `savedAt` index on every store so the 7-day clean-up reads only what
 * it deletes. The steps look at what exists rather than trusting the old version number,
 * so a v1 database keeps its pastes and even an empty or partial one ends up complete.
 */
function upgrade(
  db: OfflineDb,
  transaction: IDBPTransaction<OfflineSchema, OfflineStore[], 'versionchange'>,
): void {
  if (!db.objectStoreNames.contains('pastes')) {
    db.createObjectStore('pastes', { keyPath: 'slug' });
  }
  const pastes = transaction.objectStore('pastes');
  if (!pastes.indexNames.contains('savedAt')) {
    pastes.createIndex('savedAt', 'savedAt');
  }
  void ownersNameTheirBackend(pastes);
  if (!db.objectStoreNames.contains('files')) {
    db.createObjectStore('files', { keyPath: 'slug' }).createIndex('savedAt', 'savedAt');
  }
  if (!db.objectStoreNames.contains('directories')) {
    db.createObjectStore('directories', { keyPath: 'path' }).createIndex('savedAt', 'savedAt');
  }
  if (!db.objectStoreNames.contains('settings')) {
    db.createObjectStore('settings', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
  }
}

/**
 * Version 1 owners were only an identity (`anonymous`); version 2 owners also name the
 * backend (`anonymous@https://…`, see `cacheOwner`). A version 1 app only ever talked to the
 * page's own origin, so that is the backend its pastes came from.
 */
async function ownersNameTheirBackend(
  pastes: IDBPObjectStore<OfflineSchema, OfflineStore[], 'pastes', 'versionchange'>,
): Promise<void> {
  for (let cursor = await pastes.openCursor(); cursor; cursor = await cursor.continue()) {
    if (!cursor.value.owner.includes('@')) {
      await cursor.update({
        ...cursor.value,
        owner: `${cursor.value.owner}@${self.location.origin}`,
      });
    }
  }
}

let opening: Promise<OfflineDb | null> | null = null;

/**
 * The open database, or null where IndexedDB is missing or refused (private mode, a test
 * DOM, a blocked upgrade): the app then simply works without offline copies. Never throws.
 */
export function openOfflineDb(): Promise<OfflineDb | null> {
  opening ??= openOnce();
  return opening;
}

async function openOnce(): Promise<OfflineDb | null> {
  if (typeof indexedDB === 'undefined') {
    return null;
  }
  try {
    const db = await openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
      upgrade: (database, _oldVersion, _newVersion, transaction) => upgrade(database, transaction),
      // A newer version opened in another tab: step aside so its upgrade can run.
      blocking: () => {
        opening = null;
        db.close();
      },
      terminated: () => {
        opening = null;
      },
    });
    return db;
  } catch {
    return null;
  }
}
