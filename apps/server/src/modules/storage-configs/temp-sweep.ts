import type { AppDeps } from '@/context';
import { localRootOf } from '@/storage/registry';
import { spoolFolderOf, sweepStaleTempFiles, TEMP_FILE_MAX_AGE_MS } from '@/storage/temp-files';
import { StorageConfigsRepo } from './repo';

/**
 * A pass walks every local root, a cost that grows with the tree: once at start (the pass
 * that matters after a crash), then hourly rather than on every 10-minute sweep.
 */
const WALK_EVERY_MS = 60 * 60_000;
const lastWalk = new WeakMap<AppDeps, number>();

/**
 * Removes the temp files that interrupted uploads left in every `local` storage root
 * (DESIGN §5): a `kill -9` mid-upload gives its request no chance to remove its own.
 * Returns how many went. One root that cannot be read (gone, refused by LOCAL_ROOTS)
 * does not stop the others.
 */
export async function sweepLocalTempFiles(deps: AppDeps): Promise<number> {
  // File times come from the OS clock, so age is measured on it, not on deps.clock.
  const now = Date.now();
  if (now - (lastWalk.get(deps) ?? -Infinity) < WALK_EVERY_MS) {
    return 0;
  }
  lastWalk.set(deps, now);
  const olderThan = new Date(now - TEMP_FILE_MAX_AGE_MS);
  let removed = 0;
  for (const config of await new StorageConfigsRepo(deps.db).list()) {
    if (config.provider_type !== 'local') {
      continue;
    }
    try {
      removed += await sweepStaleTempFiles(localRootOf(deps, config), olderThan);
    } catch (error) {
      deps.logger.warn({ err: error, configId: config.id }, 'temp-file sweep: root skipped');
    }
  }
  try {
    removed += await sweepStaleTempFiles(spoolFolderOf(deps.config.DATA_DIR), olderThan);
  } catch (error) {
    deps.logger.warn({ err: error }, 'temp-file sweep: DATA_DIR/tmp skipped');
  }
  if (removed > 0) {
    deps.logger.info({ removed }, 'removed temp files of interrupted uploads');
  }
  return removed;
}
