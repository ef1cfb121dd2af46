import type { AppDeps } from '@/context';
import { getStorage, settleWithRecord, type LedgerMove } from '@/modules/storage-configs/service';
import { MountsRepo, type MountRow } from './repo';

/** An fs upload session taken with its mount. */
type TakenSession = Awaited<ReturnType<MountsRepo['takeUploadSessions']>>[number];

/** The release of each taken session's reservation (none for one begun before migration 014). */
function releasesOf(sessions: TakenSession[]): LedgerMove[] {
  return sessions.flatMap((session) =>
    session.config_id !== null && Number(session.reserved_bytes) > 0
      ? [{ configId: session.config_id, reserved: Number(session.reserved_bytes), delta: 0 }]
      : [],
  );
}

/**
 * Deletes a mount with its fs upload sessions (DESIGN §5, issue 29). Each session holds
 * its announced size on the capacity ledger, and the foreign key's cascade would drop the
 * rows without giving it back. Rather than change the key (SQLite cannot alter one in
 * place), the sessions are deleted here first, in the transaction that deletes the mount,
 * and their reservations released with them: exactly once, even against a complete, an
 * abort or the sweeper, since only the DELETE that removes a row releases it. Their
 * uploads are then aborted in the storage, so no parts stay behind uncounted; a failure
 * there is logged, the mount is gone all the same.
 */
export async function deleteMountAndSessions(deps: AppDeps, mount: MountRow): Promise<void> {
  let taken: TakenSession[] = [];
  await settleWithRecord(deps, async (trx) => {
    const repo = new MountsRepo(trx);
    taken = await repo.takeUploadSessions(mount.id);
    await repo.delete(mount.id);
    return releasesOf(taken);
  });
  await Promise.all(taken.map((session) => abortUpload(deps, mount, session)));
}

async function abortUpload(deps: AppDeps, mount: MountRow, session: TakenSession) {
  try {
    const { driver } = await getStorage(deps, session.config_id ?? mount.storage_config_id);
    await driver.abortMultipart(session.storage_key, session.upload_id);
  } catch (error) {
    deps.logger.warn({ err: error, mountId: mount.id }, 'aborting an upload of a deleted mount');
  }
}
