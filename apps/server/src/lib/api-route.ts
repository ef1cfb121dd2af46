import type { Context, Handler, MiddlewareHandler, Next } from 'hono';
import type { AppDeps, AppEnv } from '@/context';
import { completeAnswer, startRequest } from './answer';
import { identify, type PrincipalResolvers } from './principal';

/**
 * Every API route is one Hono handler (DESIGN §11). Hono answers a request whose route
 * matched a single handler directly, and sends any other through `compose`: an async
 * frame, an await and a promise per layer, and an answer that reaches the socket only
 * after them. The first layer alone cost 5–6 µs of a 30 µs request (docs/performance.md,
 * round 5), and every API request used to pass four to seven. So the steps every API
 * request takes — the request basics, the principal, the route's own middleware, its
 * validators, the handler, the document headers — run here, in that order, with Hono's
 * middleware semantics, and without a promise where a step has nothing to wait for.
 */

/** What a routing app hands every API request: per app, while the routers are per process. */
export interface ApiFront {
  deps: AppDeps;
  resolvers: PrincipalResolvers;
}

/**
 * The request's env, carrying the front (the routers are built once per process, the apps
 * once per test). Set on the env object @hono/node-server makes for each request: a copy,
 * `{ ...env, front }`, cost 13 µs a request (docs/performance.md, round 5).
 */
export function withFront(env: unknown, front: ApiFront): object {
  if (typeof env === 'object' && env !== null) {
    (env as { front?: ApiFront }).front = front;
    return env;
  }
  return { front };
}

function frontOf(c: Context<AppEnv>): ApiFront {
  const front = (c.env as { front?: ApiFront } | undefined)?.front;
  if (!front) {
    throw new Error('An API route was dispatched without its front (see buildApp)');
  }
  return front;
}

/**
 * The request basics and the principal; a promise only when a credential must be looked up.
 * Idempotent: where CORS runs first (it answers preflights), the basics already ran.
 */
function enterApi(c: Context<AppEnv>): void | Promise<void> {
  const { deps, resolvers } = frontOf(c);
  startRequest(c, deps);
  return identify(c, resolvers);
}

/** A route middleware or handler, as Hono calls them: (c, next) → an answer, or a promise. */
type Layer = (c: Context<AppEnv>, next: Next) => unknown;

/** A next() for the last handler, which has nothing downstream. */
const nothingDownstream: Next = () => Promise.resolve();

/** Keeps an answer a layer returned, as Hono's compose does: unless one is already final. */
function keep(c: Context<AppEnv>, answer: unknown): void {
  if (answer instanceof Response && !c.finalized) {
    c.res = answer;
  }
}

/**
 * A check: a layer that only looks at the request and throws (or rejects) to refuse it.
 * It returns a promise only when it has to wait for something.
 */
export type Check = (c: Context<AppEnv>) => void | Promise<void>;

const checks = new WeakSet<object>();

/**
 * Marks `inspect` as a check: the chain runs it and goes on to the next layer, without a
 * promise unless the check returned one. Registered where a middleware would be (its
 * `next` is never called).
 */
export function asCheck(inspect: Check): MiddlewareHandler<AppEnv> {
  checks.add(inspect);
  return inspect as unknown as MiddlewareHandler<AppEnv>;
}

/** Runs layer `index` and, through its next(), the ones after it. */
function run(c: Context<AppEnv>, layers: Layer[], index: number): void | Promise<void> {
  const layer = layers[index] as Layer;
  if (checks.has(layer) && index < layers.length - 1) {
    const checked = (layer as unknown as Check)(c);
    return checked === undefined
      ? run(c, layers, index + 1)
      : checked.then(() => run(c, layers, index + 1));
  }
  const next: Next =
    index === layers.length - 1
      ? nothingDownstream
      : async () => {
          await run(c, layers, index + 1);
        };
  const answer = layer(c, next);
  return answer instanceof Promise ? answer.then((settled) => keep(c, settled)) : keep(c, answer);
}

/**
 * One handler for a route's layers, to register in Hono in their place. What a layer
 * throws or rejects ends the chain and reaches the app's onError. (Hono's compose would
 * first hand the error answer back to the layers above, to their code after `next()`; no
 * route layer here has any.)
 */
export function apiRoute(layers: Layer[]): Handler<AppEnv> {
  const route: Handler<AppEnv> = (c) => {
    const entered = enterApi(c);
    const ran = entered === undefined ? run(c, layers, 0) : entered.then(() => run(c, layers, 0));
    return ran === undefined ? finish(c) : ran.then(() => finish(c));
  };
  layersOfRoute.set(route, layers);
  return route;
}

const layersOfRoute = new WeakMap<object, readonly Layer[]>();

/** The layers an `apiRoute` handler runs, in order (for tests); [] for any other function. */
export function layersOf(handler: unknown): readonly Layer[] {
  return (typeof handler === 'function' && layersOfRoute.get(handler)) || [];
}

function finish(c: Context<AppEnv>): Response {
  if (!c.finalized) {
    // What Hono's compose says of a chain that never answered.
    throw new Error('Context is not finalized. Did you forget to return a Response object?');
  }
  return completeAnswer(c);
}
