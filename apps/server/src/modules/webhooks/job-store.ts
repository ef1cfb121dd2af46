import type { AppDeps } from '@/context';
import { emptyProgress } from '@/jobs/progress';
import type { ClaimedJob, JobStore } from '@/jobs/types';
import { addMs } from '@/lib/clock';
import { WebhooksRepo, type DeliveryRow } from './repo';
import type { AttemptOutcome, DeliveryWork } from './send';

/** The job type of a delivery, for the runner's handler table. */
export const WEBHOOK_JOB_TYPE = 'webhook';

function claimedJobOf(row: DeliveryRow): ClaimedJob {
  const work: DeliveryWork = {
    url: row.url,
    event: row.event,
    body: row.body,
    secretCipher: row.secret_cipher,
  };
  return {
    id: row.id,
    type: WEBHOOK_JOB_TYPE,
    payload: JSON.stringify(work),
    // The runner fails a job claimed too often (its runners kept dying): that counts as one
    // failed attempt here, retried on the schedule like any other.
    attempts: Number(row.claims),
    // Each attempt starts afresh: the last attempt's outcome is in the row, not in progress.
    progress: emptyProgress(),
    cancelRequested: false,
  };
}

function outcomeOf(checkpoint: string | null): AttemptOutcome {
  if (!checkpoint) {
    return { status: null, permanent: false };
  }
  try {
    return JSON.parse(checkpoint) as AttemptOutcome;
  } catch {
    return { status: null, permanent: false };
  }
}

/**
 * The webhook_deliveries table as the job runner (src/jobs) sees it. A delivery is a job
 * of one attempt: the runner claims it under a lease, the handler POSTs once, and finish
 * records the attempt: delivered, pending again after the next delay of `retryDelaysMs`,
 * or failed for good once every delay is spent (retryDelaysMs.length + 1 attempts).
 * Deliveries have no cancel: the flag is always false.
 */
export function webhookJobStore(deps: AppDeps, retryDelaysMs: readonly number[]): JobStore {
  const repo = new WebhooksRepo(deps.db, deps.dialect);
  return {
    async claim(owner, now, leaseUntil, skip) {
      const row = await repo.claim(owner, now.toISOString(), leaseUntil.toISOString(), skip);
      return row ? claimedJobOf(row) : null;
    },
    async save(id, owner, _progress, now, leaseUntil) {
      const held = await repo.renew(id, owner, now.toISOString(), leaseUntil.toISOString());
      return held ? { cancelRequested: false } : null;
    },
    async cancelRequested(id, owner) {
      return (await repo.holds(id, owner)) ? { cancelRequested: false } : null;
    },
    async finish(id, owner, status, progress, error, now) {
      const row = await repo.findHeld(id, owner);
      if (!row) {
        return;
      }
      const outcome = outcomeOf(progress.checkpoint);
      const attemptsBefore = Number(row.attempts);
      const delay = retryDelaysMs[attemptsBefore];
      const common = { lastStatus: outcome.status, lastError: error };
      if (status === 'completed') {
        await repo.recordAttempt(
          id,
          owner,
          attemptsBefore,
          { ...common, status: 'delivered', nextAttemptAt: null, lastError: null },
          now.toISOString(),
        );
        return;
      }
      if (outcome.permanent || delay === undefined) {
        deps.logger.warn(
          { deliveryId: id, event: row.event, attempts: attemptsBefore + 1, error },
          'a webhook delivery gave up',
        );
        await repo.recordAttempt(
          id,
          owner,
          attemptsBefore,
          { ...common, status: 'failed', nextAttemptAt: null },
          now.toISOString(),
        );
        return;
      }
      await repo.recordAttempt(
        id,
        owner,
        attemptsBefore,
        { ...common, status: 'pending', nextAttemptAt: addMs(now, delay).toISOString() },
        now.toISOString(),
      );
    },
    async release(id, owner, now) {
      await repo.release(id, owner, now.toISOString());
    },
  };
}
