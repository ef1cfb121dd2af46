import type { AppDeps } from '@/context';
import { JobRunner, type JobRunnerOptions } from '@/jobs/runner';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { WEBHOOK_JOB_TYPE, webhookJobStore } from './job-store';
import { WebhooksRepo } from './repo';
import { deliveryHandler } from './send';

export { newWebhookSecret, verifyWebhookSignature, webhookSignature } from './signature';

/**
 * Signed webhook deliveries (issue 33, DESIGN §13; docs/webhooks.md). enqueueWebhook
 * records a delivery and returns; the webhook runner of whichever instance claims it first
 * POSTs it, retrying with back-off. Deliveries are background jobs on the same runner as
 * tasks (src/jobs: leases, take-over of a dead runner's work, never two runs at once), but
 * in a table of their own, webhook_deliveries: the tasks table is what the Tasks panel
 * shows its owners (copies and moves, with bytes, items and a cancel button), and a
 * delivery must wait between attempts, which a task cannot.
 */

/** Waits after the 1st, 2nd… failed attempt; after the last one the delivery gives up. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  10_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
];
/** From sending the POST to the answer's headers; longer is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The largest JSON body an event may have. */
export const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;
/** How long a delivered or failed delivery is kept before the sweeper clears it. */
export const FINISHED_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

const URL_MAX_LENGTH = 2000;
const EVENT_NAME = /^[a-z0-9][a-z0-9_.-]{0,99}$/i;

export interface WebhookRunnerOptions extends Partial<
  Omit<JobRunnerOptions, 'store' | 'handlers' | 'clock' | 'logger'>
> {
  /** The back-off schedule (tests shorten it); WEBHOOK_RETRY_DELAYS_MS by default. */
  retryDelaysMs?: readonly number[];
  /** WEBHOOK_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

export interface WebhookEvent {
  url: string;
  /** The HMAC key in clear (the caller opens its sealed copy); stored sealed here. */
  secret: string;
  /** e.g. 'file_request.upload'; letters, digits, '.', '_', '-'. */
  event: string;
  /** The event's data, sent as `data`. */
  payload: object;
  /** Whose event it is (the request's owner), kept with the delivery. */
  ownerId?: string | null;
}

/** The runner of each app instance, so a delivery enqueued here starts at once. */
const runners = new WeakMap<AppDeps, JobRunner>();

/** A runner over this app's webhook deliveries (not started); tests make several. */
export function createWebhookRunner(deps: AppDeps, options: WebhookRunnerOptions = {}): JobRunner {
  const {
    retryDelaysMs = WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs = WEBHOOK_TIMEOUT_MS,
    ...rest
  } = options;
  return new JobRunner({
    store: webhookJobStore(deps, retryDelaysMs),
    handlers: { [WEBHOOK_JOB_TYPE]: deliveryHandler(deps, timeoutMs) },
    clock: deps.clock,
    logger: deps.logger,
    concurrency: 4,
    // A claim is renewed while the POST waits; the lease outlives the timeout by far.
    leaseMs: Math.max(30_000, timeoutMs * 3),
    ...rest,
  });
}

/** Starts this instance's webhook runner; the answer stops it (before the database closes). */
export function startWebhookRunner(
  deps: AppDeps,
  options: WebhookRunnerOptions = {},
): () => Promise<void> {
  const runner = createWebhookRunner(deps, options);
  runners.set(deps, runner);
  runner.start();
  return async () => {
    runners.delete(deps);
    await runner.stop();
  };
}

function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('URL_NOT_ALLOWED', 'The webhook URL is not a valid URL');
  }
  if (
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    url.length > URL_MAX_LENGTH
  ) {
    throw new AppError('URL_NOT_ALLOWED', 'A webhook URL must be an http or https URL');
  }
  return parsed.href;
}

/**
 * Records a delivery of `event` to `url` and answers its id at once; it is sent in the
 * background (never on the caller's path), signed with `secret`. The URL's host is checked
 * when each attempt is sent (a name may resolve elsewhere later); a URL that is not http(s),
 * a bad event name or a body over 64 KiB is refused here.
 */
export async function enqueueWebhook(deps: AppDeps, event: WebhookEvent): Promise<string> {
  const url = checkedUrl(event.url);
  if (!EVENT_NAME.test(event.event)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A webhook event name is 1 to 100 letters, digits, . _ -',
    );
  }
  if (event.secret.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'A webhook needs a secret');
  }
  const id = newId();
  const now = isoNow(deps.clock);
  const body = JSON.stringify({ id, event: event.event, created_at: now, data: event.payload });
  if (Buffer.byteLength(body, 'utf8') > WEBHOOK_BODY_MAX_BYTES) {
    throw new AppError('CONTENT_TOO_LARGE', 'A webhook event may be at most 64 KiB');
  }
  await new WebhooksRepo(deps.db, deps.dialect).insert({
    id,
    owner_id: event.ownerId ?? null,
    event: event.event,
    url,
    secret_cipher: sealWebhookSecret(deps, event.secret),
    body,
    status: 'pending',
    next_attempt_at: now,
    lease_owner: null,
    lease_expires_at: null,
    last_status: null,
    last_error: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  });
  runners.get(deps)?.kick();
  return id;
}

/** A secret sealed for storage (AES-256-GCM under SECRET), as api_keys.key_cipher is. */
export function sealWebhookSecret(deps: AppDeps, secret: string): string {
  return deps.secrets.encrypt(secret);
}

/** The secret in clear from its sealed form; throws when SECRET changed since. */
export function openWebhookSecret(deps: AppDeps, sealed: string): string {
  return deps.secrets.decrypt(sealed);
}

/** Clears delivered and failed deliveries older than the retention; answers how many went. */
export async function sweepFinishedDeliveries(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - FINISHED_DELIVERY_RETENTION_MS);
  const result = await new WebhooksRepo(deps.db, deps.dialect).deleteFinishedBefore(
    before.toISOString(),
  );
  return Number(result.numDeletedRows);
}
