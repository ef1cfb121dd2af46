import { joinPath } from '@pastebox/contract/rules/virtual-path';
import type { StorageDriver } from '@/storage/driver';
import { compareEntries, fileEntry, folderEntry } from './entries';
import { VfsError, type VfsEntry } from './types';

/**
 * The page asked for: S3 answers at most 1,000 keys whatever is asked; local storage reads a
 * directory whole for each page, so a large page spares it reading a big folder ten times.
 */
const PAGE = 10_000;

/**
 * One folder of a mount, read from storage to the end (delimiter '/', page after page), in
 * display order. Linear in the folder's size apart from the final sort, so a folder of
 * 10,000 files costs ten S3 requests. A folder that does not exist is NOT_FOUND, and a file
 * listed as a folder NOT_A_FOLDER.
 */
export async function listStorageFolder(
  driver: StorageDriver,
  folderKey: string,
  folderPath: string,
  pageSize = PAGE,
): Promise<VfsEntry[]> {
  const prefix = folderKey === '' ? '' : `${folderKey}/`;
  const entries: VfsEntry[] = [];
  let sawMarker = false;
  let cursor: string | null = null;
  do {
    const page = await driver.list(prefix, { delimiter: '/', cursor, limit: pageSize });
    for (const object of page.objects) {
      const name = object.key.slice(prefix.length);
      // `folder/` itself is the marker that keeps an empty folder on S3.
      if (name === '' || name.endsWith('/')) {
        sawMarker = true;
        continue;
      }
      entries.push(fileEntry(joinPath(folderPath, name), object));
    }
    for (const sub of page.prefixes) {
      const name = sub.slice(prefix.length).replace(/\/$/, '');
      if (name !== '') {
        entries.push(folderEntry(joinPath(folderPath, name)));
      }
    }
    cursor = page.cursor;
  } while (cursor !== null);
  if (entries.length === 0 && !sawMarker && folderKey !== '') {
    await assertFolder(driver, folderKey, folderPath);
  }
  return entries.sort(compareEntries);
}

/** NOT_A_FOLDER for a file, NOT_FOUND for nothing at all. */
export async function assertFolder(
  driver: StorageDriver,
  key: string,
  path: string,
): Promise<void> {
  if (key === '' || (await driver.folderExists(key))) {
    return;
  }
  throw new VfsError((await driver.stat(key)) ? 'NOT_A_FOLDER' : 'NOT_FOUND', path);
}
