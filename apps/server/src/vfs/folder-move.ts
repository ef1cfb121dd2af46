import type { ObjectStat, StorageDriver } from '@/storage/driver';
import { VfsError } from './types';

/** Keys listed per request while comparing two folders. */
const PAGE = 1000;

/**
 * Whether renaming a folder onto one that exists finishes an earlier move of the same
 * folder that stopped half-way. Only on S3, where a folder moves object by object
 * (FolderMoveIncompleteError: every object was copied, some sources were not deleted);
 * on local storage a folder moves in one rename and never stops half-way. It does when
 * every object still under the source has a copy under the target of the same size that
 * is no older: then the same move again copies over those and deletes the sources, and
 * nothing the target held is lost.
 */
export async function finishesFolderMove(
  driver: StorageDriver,
  fromKey: string,
  toKey: string,
): Promise<boolean> {
  if (driver.kind !== 's3') {
    return false;
  }
  const sources = await objectsUnder(driver, `${fromKey}/`);
  if (sources.size === 0) {
    return false;
  }
  const targets = await objectsUnder(driver, `${toKey}/`);
  for (const [name, source] of sources) {
    const copy = targets.get(name);
    if (!copy || copy.size !== source.size || isOlder(copy, source)) {
      return false;
    }
  }
  return true;
}

/**
 * ALREADY_EXISTS at `toPath` when something is at the target of a move, unless it is the
 * copy an earlier move of the same folder left half-way (finishesFolderMove). A folder
 * move asks it again once it holds its lease (folder-leases.ts): a move that waited for
 * another one onto the same name must not merge into the folder that move made.
 */
export async function assertMoveTarget(
  driver: StorageDriver,
  move: { fromKey: string; toKey: string; toPath: string; isFile: boolean },
): Promise<void> {
  const taken = (await driver.stat(move.toKey)) || (await driver.folderExists(move.toKey));
  if (taken && (move.isFile || !(await finishesFolderMove(driver, move.fromKey, move.toKey)))) {
    throw new VfsError('ALREADY_EXISTS', move.toPath);
  }
}

function isOlder(copy: ObjectStat, source: ObjectStat): boolean {
  return (
    copy.lastModified !== null &&
    source.lastModified !== null &&
    copy.lastModified.getTime() < source.lastModified.getTime()
  );
}

/** Every object under a prefix, by its key relative to the prefix. */
async function objectsUnder(
  driver: StorageDriver,
  prefix: string,
): Promise<Map<string, ObjectStat>> {
  const objects = new Map<string, ObjectStat>();
  let cursor: string | null = null;
  do {
    const page = await driver.list(prefix, { cursor, limit: PAGE });
    for (const object of page.objects) {
      objects.set(object.key.slice(prefix.length), object);
    }
    cursor = page.cursor;
  } while (cursor !== null);
  return objects;
}
