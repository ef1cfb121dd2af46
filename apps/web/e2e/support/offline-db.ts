import type { Page } from 'playwright-core';

/**
 * The app's offline database (`pastebox-offline`, SPEC §3) as a journey sees it: read with
 * the raw IndexedDB API inside the page, never through the app's own code.
 */

export interface StoredEntry {
  [field: string]: unknown;
  savedAt: number;
}

/**
 * Every entry of one store of the app's offline database, read with the raw IndexedDB API.
 * Opens nothing that does not exist yet (an open without a version would create an empty
 * v1 database before the app could).
 */
export async function readStore(page: Page, store: string): Promise<StoredEntry[]> {
  return page.evaluate(async (name) => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'pastebox-offline')) {
      return [];
    }
    return new Promise<StoredEntry[]>((resolve, reject) => {
      const open = indexedDB.open('pastebox-offline');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(name)) {
          db.close();
          resolve([]);
          return;
        }
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => {
          db.close();
          resolve(request.result as StoredEntry[]);
        };
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      };
    });
  }, store);
}

/** The offline database's version and stores, or null when it does not exist. */
export async function databaseShape(
  page: Page,
): Promise<{ version: number; stores: string[] } | null> {
  return page.evaluate(async () => {
    const known = await indexedDB.databases();
    const entry = known.find((db) => db.name === 'pastebox-offline');
    if (!entry) {
      return null;
    }
    return new Promise<{ version: number; stores: string[] }>((resolve, reject) => {
      const open = indexedDB.open('pastebox-offline');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        const shape = { version: db.version, stores: [...db.objectStoreNames].sort() };
        db.close();
        resolve(shape);
      };
    });
  });
}

/**
 * Writes a version 1 offline database holding one paste, as an earlier version of the app
 * would have left it (its only store, `pastes`, keyed by slug), so a journey can watch the
 * app upgrade it. The page must be on the app's origin without the app running.
 */
export async function writeVersionOneDatabase(
  page: Page,
  paste: { slug: string; content: string; savedAt: number },
): Promise<void> {
  await page.evaluate(async ({ slug, content, savedAt }) => {
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('pastebox-offline', 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('pastes', { keyPath: 'slug' });
      };
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('pastes', 'readwrite');
        tx.objectStore('pastes').put({
          slug,
          owner: 'anonymous',
          savedAt,
          data: {
            slug,
            content,
            format: 'markdown',
            remark: null,
            hasPassword: false,
            expiresAt: null,
            maxViews: 0,
            views: 1,
            createdAt: new Date(savedAt).toISOString(),
            updatedAt: new Date(savedAt).toISOString(),
            created_by: 'admin',
          },
        });
        tx.oncomplete = () => {
          db.close();
          resolve();
        };
      };
    });
  }, paste);
}
