import type { AppDeps } from './context';
import { sweepExpiredInvites } from './modules/accounts/service';
import { sweepAuditEvents } from './modules/audit/service';
import { sweepExpiredBundles } from './modules/bundles/service';
import { sweepStaleQuotaHolds } from './modules/quotas/service';
import { sweepRequestAllowances } from './modules/file-requests/service';
import { sweepExpiredChallenges } from './modules/two-factors/service';
import { dropLocksOfExpiredKeys } from './modules/api-keys/service';
import { sweepExpiredSessions } from './modules/sessions/service';
import { relocateShareObjects, sweepExpiredVisits } from './modules/files/service';
import { sweepExpiredShortLinks } from './modules/fs/short-links/service';
import { sweepFsPresigns } from './modules/fs/uploads/presign-sweep';
import { sweepFsUploadSessions } from './modules/fs/uploads/sweep';
import { mountSource } from './modules/mounts/service';
import { sweepExpiredPastes } from './modules/pastes/service';
import { reconcileStaleUsage, sweepLocalTempFiles } from './modules/storage-configs/service';
import { sweepFinishedTasks } from './modules/tasks/service';
import { sweepFiles } from './modules/uploads/service';
import { sweepFinishedDeliveries } from './modules/webhooks/service';
import { sweepExpiredDavLocks } from './modules/webdav/locks';

const SWEEP_EVERY_MS = 10 * 60_000;
const RATE_WINDOW_KEEP_MS = 24 * 60 * 60_000;

/** One pass of housekeeping: expired shares, sessions, rate-limit windows, old finished tasks. */
export async function sweepOnce(deps: AppDeps): Promise<void> {
  const pastes = await sweepExpiredPastes(deps);
  await sweepExpiredSessions(deps);
  await sweepExpiredInvites(deps);
  await sweepAuditEvents(deps);
  await sweepStaleQuotaHolds(deps);
  await sweepExpiredChallenges(deps);
  await deps.rateLimiter.sweep(RATE_WINDOW_KEEP_MS);
  const files = await sweepFiles(deps);
  // Expired bundles go as expired file shares do; their member files stay.
  const bundles = await sweepExpiredBundles(deps);
  await sweepLocalTempFiles(deps);
  await sweepExpiredVisits(deps);
  // A short link lives as long as the signed link it stands for (migration 017).
  await sweepExpiredShortLinks(deps);
  const fsSessions = await sweepFsUploadSessions(deps, mountSource(deps));
  const fsUploads = fsSessions + (await sweepFsPresigns(deps));
  const tasks = await sweepFinishedTasks(deps);
  await sweepFinishedDeliveries(deps);
  await sweepRequestAllowances(deps);
  await sweepExpiredDavLocks(deps);
  await dropLocksOfExpiredKeys(deps);
  await reconcileStaleUsage(deps);
  // Share objects of earlier versions move out of the mounts' reach (at start, then as left).
  const relocated = await relocateShareObjects(deps);
  const filesSwept = files.expired + files.abandoned + files.idleMultiparts;
  const swept = pastes + fsUploads + tasks + filesSwept + bundles + relocated.moved;
  if (swept > 0) {
    deps.logger.info(
      { pastes, files, bundles, fsUploads, tasks, relocated },
      'swept expired shares, abandoned uploads and old tasks',
    );
  }
}

/** Runs the sweep periodically; safe on several instances (each pass is idempotent). */
export function startSweeper(deps: AppDeps): () => void {
  const run = () => {
    sweepOnce(deps).catch((error: unknown) => deps.logger.warn({ err: error }, 'sweep failed'));
  };
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
