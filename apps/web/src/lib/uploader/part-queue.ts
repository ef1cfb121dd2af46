import { LIMITS } from '@pastebox/contract/limits';
import { UploadError, isCancellation } from './errors';
import type { CompletedPart, PlannedPart } from './part-plan';

export interface RunPartsOptions {
  parts: readonly PlannedPart[];
  /** Uploads one part and answers its ETag; rejects with an UploadError. */
  upload: (part: PlannedPart, signal: AbortSignal, attempt: number) => Promise<string>;
  signal: AbortSignal;
  /** Parts in flight at once (SPEC §9: 3). */
  concurrency?: number;
  /** Further attempts after a part's first failure. */
  maxRetries?: number;
  onPartDone?: (part: PlannedPart, etag: string) => void;
  /** A part's attempt failed and will be retried: its bytes so far no longer count. */
  onPartRetry?: (part: PlannedPart, error: unknown) => void;
  /** Waits before a retry; injectable so tests need not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Which failed attempts are worth another; default {@link isRetryablePartError}. */
  isRetryable?: (error: unknown) => boolean;
}

const DEFAULT_MAX_RETRIES = 3;

/** 1 s, 2 s, 4 s… between attempts, capped at 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** (attempt - 1));
}

/** A timer that stops early (rejecting) when the signal fires. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UploadError('cancelled'));
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** An UploadError says itself; anything else but a cancellation is tried again. */
export function isRetryablePartError(error: unknown): boolean {
  return error instanceof UploadError ? error.retryable : !isCancellation(error);
}

/**
 * Uploads parts with a fixed number in flight, retrying each failed part up to
 * `maxRetries` times. The first part that fails for good stops the rest (its siblings are
 * aborted) and its error is thrown; a cancelled `signal` throws UploadError('cancelled').
 * Answers the parts in part-number order.
 */
export async function runParts(options: RunPartsOptions): Promise<CompletedPart[]> {
  const concurrency = Math.max(1, options.concurrency ?? LIMITS.uploadConcurrency);
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const sleep = options.sleep ?? abortableSleep;
  const isRetryable = options.isRetryable ?? isRetryablePartError;
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort();
  options.signal.addEventListener('abort', onOuterAbort);
  const completed: CompletedPart[] = [];
  let nextIndex = 0;
  // Written by the workers; an object so the type survives the closures.
  const outcome: { failure: Error | null } = { failure: null };

  const uploadWithRetries = async (part: PlannedPart): Promise<void> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const etag = await options.upload(part, stop.signal, attempt);
        completed.push({ partNumber: part.partNumber, etag });
        options.onPartDone?.(part, etag);
        return;
      } catch (error) {
        if (stop.signal.aborted || attempt >= maxRetries || !isRetryable(error)) {
          throw error;
        }
        options.onPartRetry?.(part, error);
        await sleep(retryDelayMs(attempt + 1), stop.signal);
      }
    }
  };

  const worker = async (): Promise<void> => {
    while (!stop.signal.aborted) {
      const part = options.parts[nextIndex];
      nextIndex += 1;
      if (!part) {
        return;
      }
      try {
        await uploadWithRetries(part);
      } catch (error) {
        if (outcome.failure === null && !options.signal.aborted) {
          outcome.failure = error instanceof Error ? error : new UploadError('network', {}, error);
        }
        stop.abort();
        return;
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    options.signal.removeEventListener('abort', onOuterAbort);
  }
  if (options.signal.aborted) {
    throw new UploadError('cancelled');
  }
  if (outcome.failure !== null) {
    throw outcome.failure;
  }
  return completed.sort((a, b) => a.partNumber - b.partNumber);
}
