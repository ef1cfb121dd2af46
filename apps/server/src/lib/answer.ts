import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '@/context';
import { chooseEncoding, compressBody, COMPRESS_FROM_BYTES } from './compression';
import { addDocumentHeaders, apiHeaders } from './security-headers';
import { requestIdFor } from './request-id';
import { noteRequestContext } from './telemetry/request-observer';

/**
 * The cheap way out of a request (DESIGN §11). An answer built here carries every header it
 * needs — content type, the API security set, the request id — as one plain object, which
 * @hono/node-server writes straight to the socket. Answers built any other way (c.json,
 * c.body, static files, WebDAV) get the document set afterwards from `answerBasics`,
 * which costs a Headers object and a lookup per header.
 *
 * Such an answer carries a mark of its own: a property, not a WeakSet, whose entries cost
 * every request an ephemeron for the garbage collector (about 3 % of a health check's time
 * in the profile, docs/performance.md round 7).
 */
const COMPLETE = Symbol('pastebox.completeAnswer');

type MarkedResponse = Response & { [COMPLETE]?: true };

export type HeaderRecord = Record<string, string>;

/** An answer whose headers are final: `answerBasics` leaves it alone. */
export function answer(
  c: Context<AppEnv>,
  body: string | Uint8Array | null,
  status: number,
  contentType: string | null,
  extra?: HeaderRecord,
): Response {
  const headers: HeaderRecord = apiHeaders(c.get('requestId'));
  for (const name in extra) {
    headers[name] = extra[name] as string;
  }
  if (contentType !== null) {
    headers['content-type'] = contentType;
  }
  const response: MarkedResponse = new Response(compressedIfWorthIt(c, body, headers), {
    status,
    headers,
  });
  response[COMPLETE] = true;
  return response;
}

/**
 * The body compressed for a client that takes it, once it is large enough to gain
 * (lib/compression.ts); sets Content-Encoding and Vary on `headers` when it does.
 */
function compressedIfWorthIt(
  c: Context<AppEnv>,
  body: string | Uint8Array | null,
  headers: HeaderRecord,
): string | Uint8Array | ReadableStream | null {
  if (body === null || !atLeastBytes(body, COMPRESS_FROM_BYTES)) {
    return body;
  }
  headers.vary = 'accept-encoding';
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (encoding === null) {
    // Sent as it is: encoded to bytes once, by the socket, not here as well.
    return body;
  }
  headers['content-encoding'] = encoding;
  const bytes =
    typeof body === 'string'
      ? Buffer.from(body)
      : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return compressBody(bytes, encoding);
}

/**
 * Whether `body` is at least `bytes` long in UTF-8. A string's byte length lies between its
 * length and three times it, so most strings are decided without being measured: measuring
 * 1 KiB costs about half a microsecond (docs/performance.md, round 9).
 */
function atLeastBytes(body: string | Uint8Array, bytes: number): boolean {
  if (typeof body !== 'string') {
    return body.byteLength >= bytes;
  }
  if (body.length >= bytes) {
    return true;
  }
  return body.length * 3 >= bytes && Buffer.byteLength(body) >= bytes;
}

/** A JSON answer (the envelope of DESIGN §4). */
export function jsonAnswer(
  c: Context<AppEnv>,
  value: unknown,
  status: number,
  extra?: HeaderRecord,
): Response {
  return answer(c, JSON.stringify(value), status, 'application/json', extra);
}

/**
 * Gives the request its dependencies and its id: the first thing every request does. Once
 * only: where CORS runs in front of an API route, or an error or a 404 is answered, the
 * request may have begun already.
 */
export function startRequest(c: Context<AppEnv>, deps: AppDeps): void {
  if (c.get('requestId') !== undefined) {
    return;
  }
  c.set('deps', deps);
  c.set('requestId', requestIdFor(c.req.header('x-request-id')));
  noteRequestContext(c);
}

/** The route's answer, with the document set and the request id if `answer` did not build it. */
export function completeAnswer(c: Context<AppEnv>): Response {
  const response: MarkedResponse = c.res;
  if (response[COMPLETE] !== true) {
    addDocumentHeaders(response.headers);
    response.headers.set('x-request-id', c.get('requestId'));
  }
  return response;
}

/**
 * The first middleware of the requests that are not API routes (the web app, WebDAV; an
 * API route does the same in its one handler, lib/api-route.ts): gives the request its
 * dependencies and its id, and once the route has answered, completes the answer.
 */
export function answerBasics(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    startRequest(c, deps);
    await next();
    completeAnswer(c);
  };
}
