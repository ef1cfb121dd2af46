import { randomBytes } from 'node:crypto';

/**
 * Request ids (X-Request-Id, logs, the 500 envelope). A random prefix per process and a
 * counter: unique across the workers of a cluster and the instances behind a balancer, at
 * the cost of an increment instead of a UUID's randomness per request (DESIGN §11).
 */
const PROCESS_PREFIX = randomBytes(6).toString('base64url');
let counter = 0;

/** What a proxy may hand us: the charset and length Hono's request-id middleware accepted. */
const ACCEPTABLE = /^[\w\-=]{1,255}$/;

/** The caller's id when it is acceptable (a proxy's, for tracing), else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  if (incoming !== undefined && ACCEPTABLE.test(incoming)) {
    return incoming;
  }
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${PROCESS_PREFIX}-${counter.toString(36)}`;
}
