import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { getPath } from 'hono/utils/url';
import type { Logger } from 'pino';
import type { AppEnv, Principal } from '@/context';
import type { ProcessMetrics } from './process-metrics';
import { routeFamilyOf } from './route-family';

/** The app's fetch, as @hono/node-server calls it. */
export type AppFetch = (request: Request, env?: unknown, executionCtx?: never) => unknown;

/** Where the request's Hono context is left for the observer (see noteRequestContext). */
const REQUEST_CONTEXT = Symbol('pastebox.requestContext');

interface ObservedEnv {
  outgoing?: ServerResponse;
  [REQUEST_CONTEXT]?: Context<AppEnv>;
}

/** What is done with each request once its answer is sent: a log line, metrics, both. */
export interface RequestObserver {
  /** Writes the request line (LOG_REQUESTS, at info level). */
  logger: Logger | null;
  /** Counts the request (METRICS_TOKEN set). */
  metrics: ProcessMetrics | null;
}

/**
 * Hands the request's context to the observer (called once per request, by startRequest):
 * the request id, the principal and the matched route are known only inside the app.
 */
export function noteRequestContext(c: Context<AppEnv>): void {
  const env = c.env as ObservedEnv | undefined;
  if (typeof env === 'object' && env !== null) {
    env[REQUEST_CONTEXT] = c;
  }
}

/**
 * `fetch`, observed: when the response is closed — its body sent, or the client gone — the
 * request is counted and logged, with its duration up to then (a download's whole
 * transfer, not only its first byte). Only requests served by node:http are observed: the
 * response is where the status really sent is read.
 */
export function observeRequests<F extends AppFetch>(fetch: F, observer: RequestObserver): F {
  const observed = (request: Request, env?: unknown, executionCtx?: never) => {
    const outgoing = (env as ObservedEnv | undefined)?.outgoing;
    if (outgoing !== undefined) {
      const started = performance.now();
      outgoing.once('close', () =>
        requestEnded(observer, request, env as ObservedEnv, outgoing, started),
      );
    }
    return fetch(request, env, executionCtx);
  };
  return observed as F;
}

/** The principal kinds a request line names (never who, never a credential). */
const PRINCIPAL_KIND: Record<Principal['type'], string> = {
  admin: 'admin',
  member: 'member',
  apikey: 'apikey',
  none: 'anonymous',
};

/** Status recorded for a client that left before the answer's head was sent (nginx's). */
const CLIENT_GONE = 499;

function requestEnded(
  observer: RequestObserver,
  request: Request,
  env: ObservedEnv,
  outgoing: ServerResponse,
  started: number,
): void {
  const ms = performance.now() - started;
  const family = routeFamilyOf(getPath(request));
  const status = outgoing.headersSent ? outgoing.statusCode : CLIENT_GONE;
  observer.metrics?.observeRequest(family, status, ms / 1000);
  if (observer.logger === null) {
    return;
  }
  const c = env[REQUEST_CONTEXT];
  const principal = c?.get('principal');
  // The route's pattern, never the path or the query: those carry slugs, invite tokens,
  // signed-link signatures and file names.
  observer.logger.info(
    {
      reqId: c?.get('requestId'),
      method: request.method,
      route: (c && routePath(c, -1)) || family,
      family,
      status,
      ms: Math.round(ms * 100) / 100,
      principal: c?.get('callerKind') ?? (principal ? PRINCIPAL_KIND[principal.type] : 'anonymous'),
      ...(outgoing.writableFinished ? {} : { aborted: true }),
    },
    'request',
  );
}
