import type { AppDeps } from '@/context';
import { listExpiredFiles, listStalePendingFiles, removeFileShare } from '@/modules/files/service';
import { getStorage } from '@/modules/storage-configs/service';
import { sweepIdleMultiparts } from './multipart-session';
import { discardObject, dropPendingShare } from './share-record';

/** A presigned upload not committed within this time is abandoned. */
const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface FileSweepResult {
  expired: number;
  abandoned: number;
  idleMultiparts: number;
}

/**
 * Housekeeping of files (DESIGN §6): idle multipart sessions are aborted, presigned
 * uploads never committed are dropped, and expired shares go with their objects. Each
 * pass handles a bounded batch; the next pass takes the rest.
 */
export async function sweepFiles(deps: AppDeps): Promise<FileSweepResult> {
  const idleMultiparts = await sweepIdleMultiparts(deps, BATCH);
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - PENDING_MAX_AGE_MS).toISOString();
  const abandoned = await listStalePendingFiles(deps, staleBefore, BATCH);
  for (const row of abandoned) {
    await discardObject(deps, await getStorage(deps, row.s3_config_id), row.storage_path);
    await dropPendingShare(deps, row);
  }
  let expired = 0;
  for (const row of await listExpiredFiles(deps, now.toISOString(), BATCH)) {
    try {
      expired += await removeFileShare(deps, row, { kind: 'all' });
    } catch (error) {
      deps.logger.warn({ err: error, fileId: row.id }, 'sweep: an expired file was kept');
    }
  }
  return { expired, abandoned: abandoned.length, idleMultiparts };
}
