import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';

/**
 * The lock table is the dav-locks module's (so the file system, api-keys and the admin
 * reach it without going through WebDAV); this is WebDAV's view of it.
 */
export {
  ancestorsOf,
  covers,
  findActiveLock,
  insertLock,
  locksAroundFolder,
  locksBelow,
  locksCovering,
  refreshLock,
  removeLock,
  removeLocksBelow,
  secondsLeft,
  sweepExpiredDavLocks,
  type DavLockRow,
} from '@/modules/dav-locks/service';

export function nowIso(deps: AppDeps): string {
  return isoNow(deps.clock);
}
