import { createRoute, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import { ok } from './envelope';
import { jsonBody, okResponse, type SecurityRequirements } from './openapi';

/**
 * A route stated in its own terms — method, path, what it reads, what it answers — instead
 * of the full createRoute shape (issue 31). It produces the very RouteConfig the long form
 * did, so the OpenAPI document does not change: the remaining keys keep the caller's order
 * (the document lists them in that order), and errors stay the envelope's `default` answer.
 */
export interface RouteTerms {
  /** Path parameters: `/{id}`. */
  params?: z.ZodType;
  /** Query parameters. */
  query?: z.ZodType;
  /** A required JSON body (other bodies: `request.body` as createRoute takes it). */
  body?: z.ZodType;
  /** The `data` of the success answer, wrapped in the envelope. */
  answer?: z.ZodType;
  /** The success status: 200 unless stated. */
  status?: 200 | 201 | 202;
  /** What the success answer is called in the document: 'Success' unless stated. */
  answerDescription?: string;
}

/** A route's short form: createRoute's keys, with RouteTerms for its request and answer. */
export type RouteSpec = Omit<RouteConfig, 'responses'> &
  RouteTerms & { responses?: RouteConfig['responses'] };

type Terms = keyof RouteTerms;
type Part<S, K extends string> =
  S extends Record<K, infer T extends z.ZodType> ? Record<K, T> : Record<never, never>;
type JsonBodyOf<S> = S extends { body: infer B extends z.ZodType }
  ? { body: { required: true; content: { 'application/json': { schema: B } } } }
  : Record<never, never>;
type OwnRequest<S> = S extends { request: infer R extends object } ? R : Record<never, never>;
type ResponsesOf<S> = S extends { answer: infer A extends z.ZodType }
  ? ReturnType<typeof okResponse<A>>
  : S extends { responses: infer R extends RouteConfig['responses'] }
    ? R
    : never;

/** The long form a short one stands for, as the type zod-openapi reads handlers from. */
export type LongForm<S> = Omit<S, Terms | 'request' | 'responses'> & {
  request: OwnRequest<S> & Part<S, 'params'> & Part<S, 'query'> & JsonBodyOf<S>;
  responses: ResponsesOf<S>;
};

/** The long form of a route's short form: the request and the envelope answer it names. */
function longFormOf<const S extends RouteSpec>(spec: S): LongForm<S> {
  const { params, query, body, answer, status, answerDescription, ...rest } = spec;
  const request = {
    ...rest.request,
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? jsonBody(body) : {}),
  };
  const hasRequest = Object.keys(request).length > 0;
  return {
    ...rest,
    ...(hasRequest ? { request } : {}),
    responses: answer ? okResponse(answer, answerDescription, status) : rest.responses,
  } as unknown as LongForm<S>;
}

/** createRoute for a route's short form. */
export function declareRoute<const S extends RouteSpec>(spec: S) {
  // Typed as the long form itself: intersected with RouteConfig, the JSON body's type would
  // widen to every media type and the handler would lose `c.req.valid('json')`.
  const route: unknown = createRoute(longFormOf(spec) as RouteConfig);
  return route as LongForm<S> & { getRoutingPath(): string };
}

/** What every route of a group shares: its tag and who may call it. */
export interface RouteGroup {
  tags: string[];
  security?: SecurityRequirements;
}

/**
 * The route declarer of a group: `route({ method, path, summary, body, answer })`. The
 * keys go into the document as the long form wrote them: tags, summary, description,
 * security, then the rest.
 */
export function routeGroup(group: RouteGroup) {
  return <const S extends Omit<RouteSpec, 'tags' | 'security'>>(spec: S) => {
    const { method, path, summary, description, ...rest } = spec;
    const { tags, security } = group;
    return declareRoute({ method, path, tags, summary, description, security, ...rest } as S &
      RouteGroup);
  };
}

/** The context a route's handler gets: its path parameters, query and body typed. */
export type RouteContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/**
 * A route with the handler that answers the envelope with what `compute` makes of the
 * request: `.openapi(...answering(route({ … }), (c) => getTask(…)))` for the route and
 * `async (c) => ok(c, await getTask(…))`.
 */
export function answering<R extends RouteConfig, T>(
  route: R,
  compute: (c: RouteContext<R>) => Promise<T>,
) {
  return [route, async (c: RouteContext<R>) => ok(c, await compute(c))] as const;
}
