import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { AppError } from './errors';

/**
 * A client that goes away mid-body — a cancelled upload, a closed tab, a drive client that
 * gives up — is the client's decision, not a server failure (issue 30). The streams that
 * read a request body fail with this error, so every layer above (the storage write, the
 * form reader, the error handlers) can tell it from a real failure and log it as one quiet
 * line instead of an error with a stack.
 */
export class ClientAbortError extends AppError {
  constructor(cause?: unknown) {
    super('VALIDATION_FAILED', 'The client aborted the upload');
    this.name = 'ClientAbortError';
    if (cause !== undefined) {
      this.cause = cause;
    }
  }
}

/**
 * Calls `onAbort` once when the client goes away before its body is complete — also when
 * that happened already, while the route was still checking credentials: Node emits
 * `aborted` only once, and a body stream that missed it would wait for bytes forever.
 */
export function whenClientAborts(
  incoming: IncomingMessage,
  onAbort: (error: ClientAbortError) => void,
): void {
  if (incoming.destroyed && !incoming.complete) {
    onAbort(new ClientAbortError());
    return;
  }
  let called = false;
  const once = (cause?: unknown) => {
    if (!called) {
      called = true;
      onAbort(new ClientAbortError(cause));
    }
  };
  incoming.once('aborted', () => once());
  // The request's own error (ECONNRESET "aborted") is the connection going away, too.
  incoming.once('error', once);
}

/** How deep to follow `cause`: a storage SDK wraps the stream's error once or twice. */
const CAUSE_DEPTH = 4;

/**
 * Whether a failure is a client's abort: a ClientAbortError, possibly wrapped as the
 * `cause` of what a storage SDK threw. Node's own `aborted` (ECONNRESET) is not enough: an
 * S3 answer cut mid-body fails the same way, and that is a real failure.
 */
export function isClientAbort(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < CAUSE_DEPTH && current instanceof Error; depth += 1) {
    if (current instanceof ClientAbortError) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/** What identifies the request in the one line a client's abort is logged as. */
export interface AbortedRequest {
  requestId?: string | undefined;
  method: string;
  path: string;
}

/**
 * The single log line of a client's abort: info level, no stack — the request is named so
 * an operator can still follow a client that keeps cancelling.
 */
export function logClientAbort(logger: Logger, request: AbortedRequest): void {
  logger.info(request, 'the client aborted the request before its body was complete');
}
