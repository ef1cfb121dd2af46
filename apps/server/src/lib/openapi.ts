import { OpenAPIHono, type Hook, type RouteConfig } from '@hono/zod-openapi';
import { envelopeOf, errorEnvelope } from '@pastebox/contract/schemas/common';
import type { Context, Handler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { METHOD_NAME_ALL } from 'hono/router';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import {
  BODY_LIMIT_EXTENSION,
  bodyLimitOf,
  bodyReadBy,
  DEFAULT_BODY_BYTES,
  limitBody,
  type BodyAllowance,
} from './body-limit';
import { auditActionOf } from './audit/actions';
import { auditedRoute } from './audit/record';
import { apiRoute, asCheck } from './api-route';
import { AppError } from './errors';
import { assertCleanText } from './input-rules';

/** A JSON request body for createRoute. */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    body: {
      required: true,
      ...(description ? { description } : {}),
      content: { 'application/json': { schema } },
    },
  };
}

/** The success answer of a route: `data` wrapped in the envelope. */
export function okResponse<T extends z.ZodType>(
  schema: T,
  description = 'Success',
  status: 200 | 201 | 202 = 200,
) {
  return {
    [status]: { description, content: { 'application/json': { schema: envelopeOf(schema) } } },
    default: {
      description: 'Error envelope with a stable error key',
      content: { 'application/json': { schema: errorEnvelope } },
    },
  } as const;
}

/** Security requirements for the OpenAPI document. */
export type SecurityRequirements = Record<string, string[]>[];
export const adminSecurity: SecurityRequirements = [{ AdminToken: [] }];
/** Admin token or API key. */
export const keySecurity: SecurityRequirements = [{ AdminToken: [] }, { ApiKey: [] }];

/**
 * Validation failures become the envelope's VALIDATION_FAILED with per-field details. Every
 * validated part of every request also meets the rules every value obeys (lib/input-rules).
 */
const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  // `data` is the raw input when the schema failed: a NUL byte is named whatever else is wrong.
  assertCleanText((result as { data?: unknown }).data);
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', undefined, details);
  }
};

/**
 * The route's path parameters, query and JSON body as checks (lib/api-route.ts), in
 * zod-openapi's order.
 */
function requestChecks(params?: z.ZodType, query?: z.ZodType, json?: z.ZodType) {
  const found = [];
  if (query) {
    found.push(asCheck((c) => validateInto(c, 'query', query, queryOf(c))));
  }
  if (params) {
    found.push(asCheck((c) => validateInto(c, 'param', params, c.req.param())));
  }
  if (json) {
    found.push(asCheck((c) => checkJsonBody(c, json)));
  }
  return found;
}

type RequestBody = NonNullable<RouteConfig['request']>['body'];

/** The schema of a required body that is JSON only; other bodies keep zod-openapi's validators. */
function jsonSchemaOf(body: RequestBody): z.ZodType | undefined {
  const content = body?.content ?? {};
  const media = content['application/json'] as { schema?: { safeParse?: unknown } } | undefined;
  const schema = media?.schema;
  const jsonOnly = Object.keys(content).length === 1 && typeof schema?.safeParse === 'function';
  return body?.required === true && jsonOnly ? (schema as z.ZodType) : undefined;
}

/** What @hono/zod-openapi's media-type gate accepts for a JSON body. */
const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
/** What Hono's JSON validator parses (the media type, parameters dropped). */
const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

/**
 * The JSON body checked as @hono/zod-openapi's gate and @hono/zod-validator did: another
 * Content-Type, or a body without one, is a 415 (answered as VALIDATION_FAILED); malformed
 * JSON a 400. The body limit has read it already (lib/body-limit.ts); under `app.request`
 * in a test it is read here.
 */
function checkJsonBody(c: Context<AppEnv>, schema: z.ZodType): void | Promise<void> {
  const read = bodyReadBy(c);
  if (read) {
    return validateJson(c, schema, read.text, read.bytes);
  }
  return c.req.text().then((text) => validateJson(c, schema, text, Buffer.byteLength(text)));
}

function validateJson(c: Context<AppEnv>, schema: z.ZodType, text: string, bytes: number): void {
  const contentType = c.req.header('content-type');
  if (contentType ? !JSON_REQUEST.test(contentType) : bytes > 0) {
    throw new HTTPException(415, { message: 'Unsupported Media Type' });
  }
  let value: unknown = {};
  const mediaType = contentType?.split(';')[0]?.trim() ?? '';
  if (JSON_MEDIA.test(mediaType)) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new HTTPException(400, { message: 'Malformed JSON in request body' });
    }
  }
  validateInto(c, 'json', schema, value);
}

/** The query as Hono's validator reads it: one value as a string, repeated ones as a list. */
function queryOf(c: Context<AppEnv>): Record<string, string | string[]> {
  const value: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    value[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return value;
}

/** What @hono/zod-validator does with the shared hook, with zod's synchronous parse. */
function validateInto(
  c: Context<AppEnv>,
  target: 'query' | 'param' | 'json',
  schema: z.ZodType,
  value: unknown,
): void {
  const result = schema.safeParse(value);
  // The shared hook reads the result only; the context is Hono's business.
  (validationHook as (result: unknown) => void)({ data: value, ...result, target });
  c.req.addValidatedData(target, result.data as object);
}

/**
 * Puts the body limit in front of a route that takes a body: the route's own
 * `x-max-body-bytes`, else 1 MB. It runs after the route's own middleware (guards refuse
 * first) and before the validators that read the body. A route whose own middleware
 * already holds the body to that limit or less (a paste's, which names its own error) gets
 * no second one: each layer costs every request of the route.
 */
function withBodyLimit(route: RouteConfig): RouteConfig {
  if (!route.request?.body) {
    return route;
  }
  const declared = (route[BODY_LIMIT_EXTENSION] as BodyAllowance | undefined) ?? DEFAULT_BODY_BYTES;
  if (declared === 'streamed') {
    return route;
  }
  const given = route.middleware ?? [];
  const own = Array.isArray(given) ? given : [given];
  if (own.some((middleware) => (bodyLimitOf(middleware) ?? Infinity) <= declared)) {
    return route;
  }
  return { ...route, middleware: [...own, limitBody(declared)] };
}

type RegisterRoute = (route: RouteConfig, handler: unknown, hook?: unknown) => unknown;
type RegisterHandlers = (method: unknown, path: unknown, ...handlers: unknown[]) => unknown;

/** The methods a router registers routes with, besides `on` (which they do not go through). */
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'all'] as const;

/**
 * A router for one module. Every router shares the validation hook, and every route it
 * registers gets its body limit (DESIGN §5), so no route can forget one. Every route is
 * registered as one handler that runs the request basics, the principal and the route's
 * layers (lib/api-route.ts): the OpenAPI routes (`openapi` registers through `on`) and the
 * plain ones alike.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const mutable = router as unknown as Record<string, unknown>;
  const register = router.openapi as unknown as RegisterRoute;
  mutable.openapi = (config: RouteConfig, handler: unknown, hook?: unknown) => {
    const route = withBodyLimit(config);
    const { params, query, body, ...rest } = route.request ?? {};
    const json = jsonSchemaOf(body);
    const checks = requestChecks(params, query, json);
    if (hook !== undefined || checks.length === 0) {
      return register(route, handler, hook);
    }
    // The path, the query and a JSON body are checked here, without a promise
    // (requestChecks); the OpenAPI router keeps any other validator, and the document gets
    // the whole route.
    const { middleware, hide, ...documented } = route;
    if (!hide) {
      router.openAPIRegistry.registerPath(documented);
    }
    const own = middleware === undefined ? [] : [middleware].flat();
    return register(
      {
        ...route,
        hide: true,
        request: json || !body ? rest : { ...rest, body },
        middleware: [...own, ...checks],
      },
      handler,
    );
  };
  const on = router.on as unknown as RegisterHandlers;
  mutable.on = (method: unknown, path: unknown, ...handlers: unknown[]) =>
    on(method, path, routeHandler(method, path, handlers));
  for (const method of METHODS) {
    const verb = method === 'all' ? METHOD_NAME_ALL : method.toUpperCase();
    mutable[method] = (path: unknown, ...handlers: unknown[]) => {
      if (typeof path !== 'string') {
        throw new Error(`Register API routes with a path: router.${method}(path, ...handlers)`);
      }
      return on(verb, path, routeHandler(verb, path, handlers));
    };
  }
  return router;
}

function onlyOne(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
}

/** A route's one handler (lib/api-route.ts), recording its calls when the route is audited. */
function routeHandler(method: unknown, path: unknown, handlers: unknown[]): Handler<AppEnv> {
  const handler = apiRoute(handlers as Parameters<typeof apiRoute>[0]);
  // zod-openapi registers `[method]` and `[path]`; plain routes a name and a path.
  const verb = onlyOne(method);
  const where = onlyOne(path);
  const action =
    typeof verb === 'string' && typeof where === 'string' ? auditActionOf(verb, where) : undefined;
  return action === undefined ? handler : auditedRoute(action, handler);
}
