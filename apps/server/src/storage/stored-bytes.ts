import type { StorageDriver } from './driver';

/** Objects asked for per page: S3's own page, and a directory read whole on local storage. */
const PAGE = 1000;

/**
 * The bytes stored under a key prefix ('' for the whole storage, 'a/b/' for a folder), by
 * listing without a delimiter, page by page: what a folder delete gives back to the
 * capacity ledger and what a reconcile sets it to (DESIGN §5). Hidden entries (temporary
 * files, the multipart area) are not listed, so they are not counted.
 */
export async function storedBytesUnder(driver: StorageDriver, prefix: string): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const page = await driver.list(prefix, { cursor, limit: PAGE });
    for (const object of page.objects) {
      total += object.size;
    }
    cursor = page.cursor;
  } while (cursor);
  return total;
}
