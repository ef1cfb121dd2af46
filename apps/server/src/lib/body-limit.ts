import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
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
 *
 * Under Node (the server, and the tests' real HTTP servers) the body is read straight from
 * the socket's stream into one buffer and handed to Hono's body cache as text, which the
 * validators parse: no WHATWG Request and stream are built around it (that conversion was
 * about a tenth of a paste create, docs/performance.md). Elsewhere (`app.request` in a
 * test) Hono's own middleware does the same job.
 */
export function limitBody(
  maxBytes: number,
  tooLarge: ErrorKey = 'BODY_TOO_LARGE',
): MiddlewareHandler<AppEnv> {
  const refuse = (): never => {
    throw new AppError(
      tooLarge,
      `The request body is larger than this call accepts (${formatBytes(maxBytes)})`,
    );
  };
  const portable = bodyLimit({ maxSize: maxBytes, onError: refuse });
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    if (!isNodeRequest(incoming)) {
      return portable(c, next);
    }
    // A route may stack two limits (its own, then the router's default): the stream can be
    // read only once, so the second one holds the size the first one read to its limit.
    const alreadyRead = c.get('bodyRead');
    if (alreadyRead !== undefined) {
      return alreadyRead.bytes > maxBytes ? refuse() : next();
    }
    const body = await readText(incoming, maxBytes);
    if (body === null) {
      return refuse();
    }
    c.set('bodyRead', body);
    // Hono keeps promises in its body cache (its type says otherwise).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(body.text);
    return next();
  };
  limits.set(middleware, maxBytes);
  return middleware;
}

/** Each middleware made by limitBody, with its limit. */
const limits = new WeakMap<object, number>();

/** The limit `middleware` holds a body to, if it is one of limitBody's; else undefined. */
export function bodyLimitOf(middleware: unknown): number | undefined {
  return typeof middleware === 'function' ? limits.get(middleware) : undefined;
}

/**
 * A request's body as a limit read it: its text (also in Hono's cache) and its size. Kept
 * among the context's variables, not in a WeakMap keyed by the request: each WeakMap
 * entry is an ephemeron the garbage collector must trace, about 1 % of a paste create
 * (docs/performance.md, round 9).
 */
export interface ReadBody {
  text: string;
  bytes: number;
}

/**
 * The body a limit has read, without a promise (the JSON body check, lib/openapi.ts);
 * undefined where none did (`app.request` in a test, where Hono's own limit ran).
 */
export function bodyReadBy(c: Context<AppEnv>): ReadBody | undefined {
  return c.get('bodyRead');
}

function isNodeRequest(value: unknown): value is IncomingMessage {
  return typeof value === 'object' && value !== null && 'socket' in value && 'on' in value;
}

/**
 * The whole body as UTF-8 text (a leading byte-order mark dropped, as `Request.text()`
 * does) with its size in bytes, or null once it passes `maxBytes`: a declared
 * Content-Length over the limit is refused before a byte is read, a chunked body the moment
 * it passes. The unread rest is discarded by Node when the answer is sent.
 */
function readText(
  incoming: IncomingMessage,
  maxBytes: number,
): Promise<{ text: string; bytes: number } | null> {
  const declared = Number(incoming.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes && incoming.headers['transfer-encoding'] === undefined) {
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      const text = Buffer.concat(chunks, size).toString('utf8');
      resolve({ text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, bytes: size });
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
