import type { AppDeps } from '@/context';
import { getStorage } from '@/modules/storage-configs/service';
import {
  closeExpiredPresign,
  dropPresignReservation,
  PRESIGN_SETTLED_KEEP_MS,
  PRESIGN_SWEEP_GRACE_MS,
} from './presign-reservation';
import { FsPresignRepo, type FsPresignRow } from './presign-repo';

const BATCH = 100;

/**
 * Housekeeping of presigned PUTs into mounts (DESIGN §5, §6): a presign whose URL expired
 * (a grace past it) without a commit gives its reservation back — or, when its object
 * arrived all the same, has it counted — and settled records are forgotten a day later.
 * Safe on several instances: a record is closed by whoever changes its row first. Each
 * pass handles a bounded batch; the next pass takes the rest. Answers how many closed.
 */
export async function sweepFsPresigns(deps: AppDeps): Promise<number> {
  const repo = new FsPresignRepo(deps.db);
  const now = deps.clock.now().getTime();
  const expired = await repo.listOpenExpired(
    new Date(now - PRESIGN_SWEEP_GRACE_MS).toISOString(),
    BATCH,
  );
  for (const row of expired) {
    try {
      await closeExpired(deps, row, now);
    } catch (error) {
      deps.logger.warn({ err: error, presignId: row.id }, 'sweep: an fs presign was kept');
    }
  }
  await repo.deleteSettledBefore(new Date(now - PRESIGN_SETTLED_KEEP_MS).toISOString());
  return expired.length;
}

/**
 * Looks at the object to close a record. A storage that cannot be read now is tried again
 * next pass — unless it has failed for a day past the URL's expiry: a reservation must not
 * hold the capacity forever, so it is released (a recount counts what the storage holds).
 */
async function closeExpired(deps: AppDeps, row: FsPresignRow, now: number): Promise<void> {
  let stat;
  try {
    const { driver } = await getStorage(deps, row.config_id);
    stat = await driver.stat(row.storage_key);
  } catch (error) {
    if (Date.parse(row.expires_at) <= now - PRESIGN_SETTLED_KEEP_MS) {
      await dropPresignReservation(deps, row);
      return;
    }
    throw error;
  }
  await closeExpiredPresign(deps, row, stat);
}
