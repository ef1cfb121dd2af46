import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import type { MountSource } from '@/vfs/types';
import { discardFsSession } from './multipart';
import { FsUploadSessionsRepo } from './sessions-repo';

const BATCH = 100;

/**
 * Housekeeping of multipart uploads into mounts (DESIGN §6): a session idle past its
 * expiry is aborted in its storage (its parts go) and forgotten. Safe on several
 * instances: aborting twice and deleting a deleted row are no-ops. Each pass handles a
 * bounded batch; the next pass takes the rest. Answers how many sessions went.
 */
export async function sweepFsUploadSessions(deps: AppDeps, source: MountSource): Promise<number> {
  const repo = new FsUploadSessionsRepo(deps.db);
  const expired = await repo.listExpired(isoNow(deps.clock), BATCH);
  if (expired.length === 0) {
    return 0;
  }
  const mounts = new Map((await source.loadMounts()).map((mount) => [mount.id, mount]));
  for (const session of expired) {
    const mount = mounts.get(session.mount_id);
    try {
      if (mount) {
        await discardFsSession(repo, { session, driver: await source.driverFor(mount) });
      } else {
        // The mount went (its sessions cascade); a row left behind has nothing to abort.
        await repo.delete(session.id);
      }
    } catch (error) {
      deps.logger.warn({ err: error, sessionId: session.id }, 'sweep: an fs upload was kept');
    }
  }
  return expired.length;
}
