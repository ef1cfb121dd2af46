import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { getStorage } from '@/modules/storage-configs/service';
import type { StorageDriver } from '@/storage/driver';
import type { MountRecord, MountSource } from '@/vfs/types';
import { discardFsSession } from './multipart';
import { dropSession } from './multipart-reservation';
import { FsUploadSessionsRepo, type FsUploadSessionRow } from './sessions-repo';

const BATCH = 100;

/**
 * A session whose storage cannot be reached is tried again each pass, and forgotten once
 * it has been idle this long past its expiry: a reservation must not hold the capacity
 * forever (its parts, if any, are the storage's to clean up).
 */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/**
 * The storage a session's upload lives in: its own config (migration 014), else its
 * mount's; null when neither is left, so there is nothing to abort.
 */
async function driverOf(
  deps: AppDeps,
  source: MountSource,
  session: FsUploadSessionRow,
  mounts: Map<string, MountRecord>,
): Promise<StorageDriver | null> {
  if (session.config_id !== null) {
    return (await getStorage(deps, session.config_id)).driver;
  }
  const mount = mounts.get(session.mount_id);
  return mount ? source.driverFor(mount) : null;
}

/**
 * Housekeeping of multipart uploads into mounts (DESIGN §6): a session idle past its
 * expiry is aborted in its storage (its parts go) and forgotten, its reservation released
 * with the row. Safe on several instances: aborting twice is a no-op and only the caller
 * that deleted the row releases. Each pass handles a bounded batch; the next pass takes
 * the rest. Answers how many sessions went.
 */
export async function sweepFsUploadSessions(deps: AppDeps, source: MountSource): Promise<number> {
  const repo = new FsUploadSessionsRepo(deps.db);
  const expired = await repo.listExpired(isoNow(deps.clock), BATCH);
  if (expired.length === 0) {
    return 0;
  }
  const mounts = new Map((await source.loadMounts()).map((mount) => [mount.id, mount]));
  for (const session of expired) {
    try {
      await closeExpired(deps, source, session, mounts);
    } catch (error) {
      deps.logger.warn({ err: error, sessionId: session.id }, 'sweep: an fs upload was kept');
    }
  }
  return expired.length;
}

/** Aborts one idle session in its storage and drops it (the mount gone: drops it only). */
async function closeExpired(
  deps: AppDeps,
  source: MountSource,
  session: FsUploadSessionRow,
  mounts: Map<string, MountRecord>,
): Promise<void> {
  const now = deps.clock.now();
  try {
    const driver = await driverOf(deps, source, session, mounts);
    if (driver) {
      await discardFsSession(deps, { session, driver }, now.toISOString());
      return;
    }
  } catch (error) {
    if (Date.parse(session.expires_at) > now.getTime() - GIVE_UP_AFTER_MS) {
      throw error;
    }
    deps.logger.warn({ err: error, sessionId: session.id }, 'sweep: an unreachable upload dropped');
  }
  await dropSession(deps, session, now.toISOString());
}
