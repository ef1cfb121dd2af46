import type { StorageDriver } from '@/storage/driver';
import { passesReservedName } from './listing';
import { VfsError } from './types';

/**
 * Objects asked for per page. S3 answers at most 1,000 whatever is asked; local storage
 * walks the subtree again for every page, so a large page spares a large folder that.
 */
const PAGE = 10_000;

/**
 * The bytes stored below a folder that is about to be removed or moved away, in ONE walk
 * of its subtree (issue 29): FORBIDDEN, before anything is touched, when any name below it
 * is one the server keeps for itself (vfs/listing.ts isReservedName). A mount that cannot
 * open `/m/pastebox/.pastebox-shares` must not delete or move it with `/m/pastebox` either:
 * where storage roots overlap (an S3 config with no default folder over the bucket of one
 * whose default folder is `pastebox`, a local root inside another), that folder holds
 * another config's share objects or its `.multipart` uploads.
 *
 * Cost: a listing of the whole subtree without a delimiter, which a folder remove already
 * paid for the capacity ledger; a folder rename pays it now too: one S3 request per 1,000
 * keys (before the copy and delete per key an S3 folder move costs anyway), and on local
 * storage one directory walk (a readdir per folder, an lstat per file) before the single
 * rename. A file, the common case, is never walked. The walk stops at the first reserved
 * name. Local temp files are not listed, so an upload in progress or one a crash left
 * behind (swept within the hour) blocks nothing; they never hold a share's bytes outside
 * the share folder. Local storage lists files only, so an EMPTY reserved folder (an idle
 * `.multipart`) goes with its folder: nothing in it is lost, and the driver makes it again.
 *
 * The check and the change are not one step: a share written into a nested storage's
 * first `.pastebox-shares` between the two would still go with the folder. It stays
 * hidden from every mount there (listing.ts), so nothing is exposed; only that share's
 * object would be lost.
 */
export async function bytesOfUnreservedFolder(
  driver: StorageDriver,
  folderKey: string,
  folderPath: string,
): Promise<number> {
  const prefix = `${folderKey}/`;
  let total = 0;
  let cursor: string | null = null;
  do {
    const page = await driver.list(prefix, { cursor, limit: PAGE });
    for (const object of page.objects) {
      if (passesReservedName(object.key.slice(prefix.length))) {
        throw new VfsError(
          'FORBIDDEN',
          folderPath,
          "the folder holds names the server keeps for itself (another storage's shares or uploads)",
        );
      }
      total += object.size;
    }
    cursor = page.cursor;
  } while (cursor);
  return total;
}

/**
 * FORBIDDEN when `key` is a folder that a remove would refuse for the names below it
 * (bytesOfUnreservedFolder); nothing for a file, the mount point (which remove refuses
 * itself) or nothing at all. A move across mounts asks this before it copies, so that it
 * does not copy a folder it would then fail to remove.
 */
export async function assertNoReservedBelow(
  driver: StorageDriver,
  key: string,
  path: string,
): Promise<void> {
  if (key !== '' && (await driver.folderExists(key))) {
    await bytesOfUnreservedFolder(driver, key, path);
  }
}
