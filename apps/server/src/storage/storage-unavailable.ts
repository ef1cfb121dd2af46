import { AppError, isAppError } from '../lib/errors';
import type { StorageDriver } from './driver';
import { httpStatusOf } from './s3-client';
import { CONNECTION_ERROR_CODES } from '../lib/net/connection-errors';

/**
 * Which storage failures mean "the storage cannot be reached right now" rather than "this
 * object or this request is wrong" (issue 34). Such a call answers 503 STORAGE_UNAVAILABLE
 * with Retry-After — the client may retry — and a caller that cleans up after it keeps
 * its record, since it cannot know what the storage holds (modules/uploads).
 */

/**
 * The AWS SDK's own names for a request that never got an answer: its node handler's
 * connection and socket timeouts ("TimeoutError") and a request it gave up on.
 */
const SDK_NETWORK_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'NetworkingError']);

/** Answers of an S3 endpoint (or the proxy in front of it) that say "not now, try again". */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** How long a client should wait before it retries, in seconds. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** How deep to follow `cause`: the SDK and the drivers wrap a socket's error once or twice. */
const CAUSE_DEPTH = 5;

/**
 * The error a storage call throws when the storage could not be reached; the original
 * error is its `cause`, for the log. An AppError, so every caller that lets AppErrors
 * through (the file system, the form reader) lets this one through too.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('STORAGE_UNAVAILABLE');
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * True when an error thrown by a storage driver is a failure to reach the storage:
 * connection refused, reset or timed out, a name that does not resolve, the SDK's network
 * errors, or 502/503/504 from the endpoint. An AppError in the chain (a client's abort
 * whose cause is its own socket's ECONNRESET) is never one: that failure is not the
 * storage's.
 */
export function isStorageUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < CAUSE_DEPTH; depth += 1) {
    if (typeof current !== 'object' || current === null || isAppError(current)) {
      return false;
    }
    const code = codeOf(current);
    const status = httpStatusOf(current);
    if (
      (code !== undefined && CONNECTION_ERROR_CODES.has(code)) ||
      (current instanceof Error && SDK_NETWORK_NAMES.has(current.name)) ||
      (status !== undefined && UNAVAILABLE_STATUSES.has(status))
    ) {
      return true;
    }
    // Connecting to a host name with several addresses fails with one error per address.
    if (current instanceof AggregateError && current.errors.some(isStorageUnreachable)) {
      return true;
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** The error to throw for a storage failure: StorageUnavailableError when unreachable. */
export function classifyStorageError(error: unknown): unknown {
  return isStorageUnreachable(error) ? new StorageUnavailableError(error) : error;
}

/**
 * The same driver, whose calls reject with StorageUnavailableError when the storage
 * cannot be reached, so every route that uses a driver answers an outage with 503 instead
 * of a 500 — at this one door, not at each call site. Any other failure passes unchanged.
 * A stream already handed out (a download's body) fails as it fails: its answer has begun.
 */
export function guardStorageDriver<T extends StorageDriver>(driver: T): T {
  return new Proxy(driver, {
    get(target, property) {
      // The driver itself as `this`: its private fields are not the proxy's.
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') {
        return value;
      }
      return (...args: unknown[]): unknown => {
        const result: unknown = Reflect.apply(value, target, args);
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              throw classifyStorageError(error);
            })
          : result;
      };
    },
  });
}
