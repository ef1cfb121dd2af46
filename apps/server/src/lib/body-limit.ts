import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import type { ErrorKey } from '@pastebox/contract/errors';
import { AppError } from './errors';

/**
 * Every request body has a limit before it is read (DESIGN §5): an anonymous caller can
 * never make the server buffer more than the route allows. A declared Content-Length over
 * the limit is refused before a byte is read; a chunked body is counted while it arrives
 * and refused the moment it passes the limit. Either way the answer is 413 BODY_TOO_LARGE
 * and the unread rest is discarded by Node, never kept.
 */

/** The limit of a JSON body unless the route declares another (SPEC: 1 MB). */
export const DEFAULT_BODY_BYTES = 1024 * 1024;

/**
 * What a route may declare in `x-max-body-bytes` (an OpenAPI extension, so the limit shows
 * in the API docs): a byte count, or 'streamed' for a route that never buffers its body
 * and enforces its own limit while streaming (file uploads: the max upload size).
 */
export type BodyAllowance = number | 'streamed';

export const BODY_LIMIT_EXTENSION = 'x-max-body-bytes';

/**
 * The middleware that holds a body to `maxBytes`. A route whose one large field has its
 * own error (a paste's content) may name that key.
 */
export function limitBody(
  maxBytes: number,
  tooLarge: ErrorKey = 'BODY_TOO_LARGE',
): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(
        tooLarge,
        `The request body is larger than this call accepts (${formatBytes(maxBytes)})`,
      );
    },
  });
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
