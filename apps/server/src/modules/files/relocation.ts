import type { AppDeps } from '@/context';
import { ObjectNotFoundError } from '@/storage/driver';
import { InvalidKeyError, normaliseKey, SHARE_OBJECTS_FOLDER } from '@/storage/keys';
import { getStorage } from '@/modules/storage-configs/service';
import { RelocationRepo, type UnplacedShare } from './relocation-repo';

/**
 * Share objects out of the mounts' reach (issue 29). Shares made before it stored their
 * object at `<folder>/<name>_<random>`, where a mount over the storage could read and
 * replace it. Each such object moves below SHARE_OBJECTS_FOLDER, which the file system
 * neither lists nor opens: copy to the new key, point the row at it (only if it still
 * names the old key), delete the old object.
 *
 * Resumable and safe on several instances at once: each step can be repeated. Killed
 * after the copy, the next pass copies again (same bytes); killed after the row moved,
 * the old object stays behind as an orphan (never deleted blindly: a mount user may have
 * written a file of that name since). An instance whose row update lost to another's
 * keeps the other's object; one whose share was deleted meanwhile deletes its copy. Runs
 * in the sweeper (at start, then every pass; once all moved, a pass is one query that
 * finds nothing): an upload pending at the upgrade moves in the pass after it completes.
 */

const PREFIX = `${SHARE_OBJECTS_FOLDER}/`;
const BATCH = 100;

export interface RelocationResult {
  moved: number;
  /** Rows left for a later pass: pending uploads, storages that failed. */
  left: number;
}

/** One pass over every share outside SHARE_OBJECTS_FOLDER. */
export async function relocateShareObjects(deps: AppDeps): Promise<RelocationResult> {
  const result: RelocationResult = { moved: 0, left: 0 };
  const repo = new RelocationRepo(deps.db);
  let afterId = '';
  for (;;) {
    const rows = await repo.listOutside(PREFIX, afterId, BATCH);
    for (const row of rows) {
      const outcome = row.status === 'ready' ? await relocateOne(deps, repo, row) : 'later';
      if (outcome === 'moved') {
        result.moved += 1;
      } else if (outcome === 'later') {
        result.left += 1;
      }
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) {
      break;
    }
    afterId = last.id;
  }
  return result;
}

/** The key of a share's object below SHARE_OBJECTS_FOLDER; null when it would be too long. */
function relocatedKeyOf(key: string): string | null {
  try {
    return normaliseKey(`${PREFIX}${key}`);
  } catch (error) {
    if (error instanceof InvalidKeyError) {
      return null;
    }
    throw error;
  }
}

/**
 * Moves one share's object: `moved` (by this call or another instance), `later` when it
 * stays for now (logged, retried next pass), `missing` for a share without its object
 * (nothing to move; the share answers 404 as before).
 */
async function relocateOne(
  deps: AppDeps,
  repo: RelocationRepo,
  row: UnplacedShare,
): Promise<'moved' | 'later' | 'missing'> {
  const toKey = relocatedKeyOf(row.storage_path);
  if (toKey === null) {
    deps.logger.warn({ fileId: row.id }, 'share object not relocated: its key would be too long');
    return 'missing';
  }
  try {
    const { driver } = await getStorage(deps, row.s3_config_id);
    await driver.copy(row.storage_path, toKey);
    if (await repo.moveKey(row.id, row.storage_path, toKey)) {
      await driver.delete([row.storage_path]);
      return 'moved';
    }
    // Another instance moved it first (its copy is the same bytes at the same key), or
    // the share went: the copy is only ours to remove in the second case.
    if ((await repo.keyOf(row.id)) !== toKey) {
      await driver.delete([toKey]);
    }
    return 'moved';
  } catch (error) {
    if (error instanceof ObjectNotFoundError) {
      // Moved by another instance meanwhile, or a share without its object: nothing to copy.
      return (await repo.keyOf(row.id)) === row.storage_path ? 'missing' : 'moved';
    }
    deps.logger.warn({ err: error, fileId: row.id }, 'share object not relocated; retried later');
    return 'later';
  }
}
