import type { AppDeps } from '@/context';
import { recordFailure } from '@/jobs/progress';
import type { JobHandler } from '@/jobs/types';
import { isAppError } from '@/lib/errors';
import { safeFetch } from '@/lib/safe-fetch';
import { webhookSignature } from './signature';

/** What a claimed delivery carries to its handler (ClaimedJob.payload, JSON). */
export interface DeliveryWork {
  url: string;
  event: string;
  /** The exact JSON body, as stored at enqueue. */
  body: string;
  secretCipher: string;
}

/**
 * How one attempt went, handed to the job store's finish through progress.checkpoint:
 * the receiver's HTTP status (null when none came) and whether trying again is pointless.
 */
export interface AttemptOutcome {
  status: number | null;
  permanent: boolean;
}

export const WEBHOOK_USER_AGENT = 'Pastebox-Webhook/1';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The headers of one attempt (the timestamp is the attempt's, the body is fixed). */
function headersOf(
  deliveryId: string,
  work: DeliveryWork,
  secret: string,
  now: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-pastebox-event': work.event,
    'x-pastebox-delivery': deliveryId,
    'x-pastebox-timestamp': String(Math.floor(now.getTime() / 1000)),
    'x-pastebox-signature': webhookSignature(secret, work.body),
  };
}

/**
 * The job handler of a webhook delivery: one signed POST through the SSRF-safe fetch
 * (ALLOW_PRIVATE_URLS decides whether private and loopback receivers may be reached), no
 * redirect followed (the signed body stays where it was sent). A 2xx is a success;
 * another answer, a timeout or a refused connection is a failed attempt, retried by the
 * job store's schedule; a URL that is not allowed, or a secret that no longer opens
 * (SECRET changed), fails for good. The response body is never read.
 */
export function deliveryHandler(deps: AppDeps, timeoutMs: number): JobHandler {
  return async (job, context) => {
    const { progress, signal } = context;
    const work = JSON.parse(job.payload) as DeliveryWork;
    const outcome = (value: AttemptOutcome) => {
      progress.checkpoint = JSON.stringify(value);
    };
    const failed = (message: string, value: AttemptOutcome) => {
      recordFailure(progress, { path: 'webhook', message });
      outcome(value);
    };
    let secret: string;
    try {
      secret = deps.secrets.decrypt(work.secretCipher);
    } catch {
      failed('The webhook secret could not be decrypted (was SECRET changed?)', {
        status: null,
        permanent: true,
      });
      return;
    }
    try {
      const response = await safeFetch(work.url, {
        allowPrivate: deps.config.ALLOW_PRIVATE_URLS,
        method: 'POST',
        body: Buffer.from(work.body, 'utf8'),
        headers: headersOf(job.id, work, secret, deps.clock.now()),
        followRedirects: false,
        headersTimeoutMs: timeoutMs,
        idleTimeoutMs: timeoutMs,
        signal,
      });
      response.discard();
      if (response.status >= 200 && response.status < 300) {
        progress.successCount = 1;
        outcome({ status: response.status, permanent: false });
      } else {
        failed(`The receiver answered HTTP ${response.status}`, {
          status: response.status,
          permanent: false,
        });
      }
    } catch (error) {
      if (signal.aborted) {
        // Stopped (shutdown, lease lost): the runner lets go of it, or its new holder goes on.
        throw signal.reason;
      }
      const permanent = isAppError(error) && error.key === 'URL_NOT_ALLOWED';
      failed(messageOf(error), { status: null, permanent });
    }
  };
}
