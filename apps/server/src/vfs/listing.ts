import { joinPath } from '@pastebox/contract/rules/virtual-path';
import type { StorageDriver } from '@/storage/driver';
import { RESERVED_ROOT_FOLDER, SHARE_OBJECTS_FOLDER, TEMP_FILE_PREFIX } from '@/storage/keys';
import { compareEntries, fileEntry, folderEntry } from './entries';
import { VfsError, type VfsEntry } from './types';

/**
 * Names the server keeps for itself inside a storage (issue 29): the share objects' folder
 * (SHARE_OBJECTS_FOLDER), the local driver's multipart folder and its temp files. A mount
 * neither lists them nor opens a path through them (FORBIDDEN), at any depth and in any
 * case, so a mount over a storage whose root is a folder of another (an S3 config with
 * another default folder, a local root inside another) cannot reach them either.
 */
const RESERVED_NAMES: ReadonlySet<string> = new Set(
  [SHARE_OBJECTS_FOLDER, RESERVED_ROOT_FOLDER].map((name) => name.toLowerCase()),
);

/** True for a name the server keeps for itself (see RESERVED_NAMES). */
export function isReservedName(name: string): boolean {
  const lower = name.toLowerCase();
  return RESERVED_NAMES.has(lower) || lower.startsWith(TEMP_FILE_PREFIX);
}

/** True when any segment of an object key is a reserved name. */
export function passesReservedName(key: string): boolean {
  return key !== '' && key.split('/').some(isReservedName);
}

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
      if (isReservedName(name)) {
        continue;
      }
      entries.push(fileEntry(joinPath(folderPath, name), object));
    }
    for (const sub of page.prefixes) {
      const name = sub.slice(prefix.length).replace(/\/$/, '');
      if (name !== '' && !isReservedName(name)) {
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

/** Folder dates looked up at once: enough to hide an S3 round trip, few sockets. */
const FOLDER_DATE_CONCURRENCY = 8;

/**
 * A listing's folders look up no more dates than this: on S3 each costs a request (a
 * folder's date is its marker's, which a delimited listing does not return), so a folder
 * of thousands of folders shows the first ones dated and the rest undated ("—").
 */
export const FOLDER_DATES_PER_LISTING = 200;

/**
 * `listStorageFolder` with the date storage keeps for each sub-folder (issue 30): local
 * storage the directory's mtime, S3 the marker's LastModified when there is one. A folder
 * without one stays undated rather than taking a made-up date.
 */
export async function listStorageFolderDated(
  driver: StorageDriver,
  folderKey: string,
  folderPath: string,
): Promise<VfsEntry[]> {
  const entries = await listStorageFolder(driver, folderKey, folderPath);
  const folders = entries.filter((entry) => entry.isDirectory).slice(0, FOLDER_DATES_PER_LISTING);
  const prefix = folderKey === '' ? '' : `${folderKey}/`;
  let next = 0;
  const worker = async () => {
    while (next < folders.length) {
      const folder = folders[next++] as VfsEntry;
      folder.modified = await folderDateOf(driver, `${prefix}${folder.name}`);
    }
  };
  await Promise.all(Array.from({ length: FOLDER_DATE_CONCURRENCY }, worker));
  return entries;
}

/**
 * A sub-folder's date, or none: a date only decorates a listing, so a folder storage
 * cannot date — a name made outside the product that no key may carry (`dir\uFFFF`), a
 * marker gone between list and stat — leaves it undated instead of failing the listing.
 */
async function folderDateOf(driver: StorageDriver, key: string): Promise<Date | null> {
  try {
    return (await driver.folderStat(key))?.lastModified ?? null;
  } catch {
    return null;
  }
}

/**
 * The date of a mount point: its storage's root as storage dates it (a local directory's
 * mtime; S3 keeps none). A mount point stands whatever its storage answers, so a storage
 * that cannot be reached leaves it undated instead of failing the stat.
 */
export async function rootDateOf(driverOf: () => Promise<StorageDriver>): Promise<Date | null> {
  try {
    return (await (await driverOf()).folderStat(''))?.lastModified ?? null;
  } catch {
    return null;
  }
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
