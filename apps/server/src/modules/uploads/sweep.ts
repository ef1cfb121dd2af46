import type { AppDeps } from '@/context';
import { listExpiredFiles, listStalePendingFiles, removeFileShare } from '@/modules/files/service';
import { getStorage } from '@/modules/storage-configs/service';
import { sweepIdleMultiparts } from './multipart-session';
import { discardPendingUpload } from './pending-cleanup';

/**
 * A pending upload (presigned and never committed, or a form upload whose process died or
 * whose cleanup the storage did not confirm) is abandoned this long after its row was made.
 */
const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface FileSweepResult {
  expired: number;
  abandoned: number;
  idleMultiparts: number;
}

/**
 * Housekeeping of files (DESIGN §6): idle multipart sessions are aborted, pending uploads
 * never finished are dropped (the object first, the row once it is gone), and expired
 * shares go with their objects. Each pass handles a bounded batch; the next pass takes
 * the rest.
 */
export async function sweepFiles(deps: AppDeps): Promise<FileSweepResult> {
  const idleMultiparts = await sweepIdleMultiparts(deps, BATCH);
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - PENDING_MAX_AGE_MS).toISOString();
  let abandoned = 0;
  for (const row of await listStalePendingFiles(deps, staleBefore, BATCH)) {
    try {
      await discardPendingUpload(deps, await getStorage(deps, row.s3_config_id), row);
      abandoned += 1;
    } catch (error) {
      // Its row stays (pending-cleanup.ts): the next pass tries again.
      deps.logger.warn({ err: error, fileId: row.id }, 'sweep: an abandoned upload was kept');
    }
  }
  let expired = 0;
  for (const row of await listExpiredFiles(deps, now.toISOString(), BATCH)) {
    try {
      expired += await removeFileShare(deps, row, { kind: 'all' });
    } catch (error) {
      deps.logger.warn({ err: error, fileId: row.id }, 'sweep: an expired file was kept');
    }
  }
  return { expired, abandoned, idleMultiparts };
}
