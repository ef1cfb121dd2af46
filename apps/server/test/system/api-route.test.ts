import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv, Principal } from '@/context';
import { ok } from '@/lib/envelope';
import { isAppError } from '@/lib/errors';
import { withFront, type ApiFront } from '@/lib/api-route';
import { createRouter, jsonBody } from '@/lib/openapi';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Every API route is registered as one handler (lib/api-route.ts): the request basics, the
 * principal and the route's layers run inside it, with Hono's middleware semantics.
 */
describe('an API route as one handler', () => {
  let server: TestServer;
  let front: ApiFront;
  const seenCredentials: string[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    const admin: Principal = {
      type: 'admin',
      adminId: 'a1',
      username: 'root',
      tokenHash: 'h',
      expiresAt: '2100-01-01T00:00:00.000Z',
      sessionId: null,
    };
    front = {
      deps: server.deps,
      resolvers: {
        bearer: (_deps, credential) => {
          seenCredentials.push(credential);
          return Promise.resolve(credential === 'good' ? admin : null);
        },
        apiKey: () => Promise.resolve(null),
      },
    };
  });
  afterAll(() => server.close());

  const after: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    c.res.headers.set('x-after', 'ran');
  };

  function appWith(register: (router: ReturnType<typeof createRouter>) => void) {
    const router = createRouter();
    register(router);
    const app = new OpenAPIHono<AppEnv>();
    app.route('/api', router);
    app.onError((error, c) =>
      c.json(
        {
          caught: error.message,
          key: isAppError(error) ? error.key : null,
          status: error instanceof HTTPException ? error.status : null,
        },
        500,
      ),
    );
    return (path: string, headers: Record<string, string> = {}, body?: string | Uint8Array) =>
      app.fetch(
        new Request(`http://x${path}`, {
          headers,
          body,
          method: body === undefined ? 'GET' : 'POST',
        }),
        withFront({}, front),
      );
  }

  it('answers without a promise when nothing has to be waited for', async () => {
    // No credential to look up, a handler that answers at once (a middleware, by Hono's
    // contract, hands back next()'s promise).
    const send = appWith((router) =>
      router.get('/now', (c) => ok(c, { who: c.get('principal').type })),
    );
    const answer = send('/api/now');
    expect(answer).toBeInstanceOf(Response);
    const res = await answer;
    expect(await res.json()).toMatchObject({ data: { who: 'none' } });
    // The request basics ran: an id and the API's security headers.
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('checks the path and the query without a promise, and refuses what fails', async () => {
    const send = appWith((router) =>
      router.openapi(
        createRoute({
          method: 'get',
          path: '/items/{id}',
          request: {
            params: z.object({ id: z.string().regex(/^\d+$/) }),
            query: z.object({ tag: z.array(z.string()).or(z.string()).optional() }),
          },
          responses: { 200: { description: 'ok' } },
        }),
        (c) => ok(c, { id: c.req.valid('param').id, tag: c.req.valid('query').tag ?? null }),
      ),
    );
    const answer = send('/api/items/42?tag=a&tag=b');
    expect(answer).toBeInstanceOf(Response);
    expect(await (await answer).json()).toMatchObject({ data: { id: '42', tag: ['a', 'b'] } });
    expect(await (await send('/api/items/7?tag=a')).json()).toMatchObject({
      data: { id: '7', tag: 'a' },
    });
    const refused = await send('/api/items/seven');
    expect(await refused.json()).toMatchObject({ key: 'VALIDATION_FAILED' });
  });

  it('checks a JSON body as the OpenAPI validators did', async () => {
    const send = appWith((router) =>
      router.openapi(
        createRoute({
          method: 'post',
          path: '/things',
          request: jsonBody(z.object({ name: z.string().min(1) })),
          responses: { 200: { description: 'ok' } },
        }),
        (c) => ok(c, { name: c.req.valid('json').name }),
      ),
    );
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const read = async (res: Response | Promise<Response>) => (await res).json();
    expect(await read(send('/api/things', json, '{"name":"a"}'))).toMatchObject({
      data: { name: 'a' },
    });
    expect(await read(send('/api/things', json, '{"name":'))).toMatchObject({ status: 400 });
    expect(await read(send('/api/things', json, '{"name":""}'))).toMatchObject({
      key: 'VALIDATION_FAILED',
    });
    const text = { 'content-type': 'text/plain' };
    expect(await read(send('/api/things', text, '{"name":"a"}'))).toMatchObject({ status: 415 });
    // No Content-Type: a body is refused, no body is validated as {}.
    expect(await read(send('/api/things', {}, '{"name":"a"}'))).toMatchObject({ status: 415 });
    // (A string body would bring its own text/plain.)
    const empty = new Uint8Array(0);
    expect(await read(send('/api/things', {}, empty))).toMatchObject({ key: 'VALIDATION_FAILED' });
  });

  it('resolves a presented credential before the route runs', async () => {
    const send = appWith((router) =>
      router.get('/who', (c) =>
        ok(c, { who: c.get('principal').type, failure: c.get('authFailure') }),
      ),
    );
    const good = await send('/api/who', { authorization: 'Bearer good' });
    expect(await good.json()).toMatchObject({ data: { who: 'admin', failure: null } });
    const bad = await send('/api/who', { authorization: 'Bearer bad' });
    expect(await bad.json()).toMatchObject({ data: { who: 'none', failure: 'INVALID_TOKEN' } });
    expect(seenCredentials).toEqual(['good', 'bad']);
  });

  it('runs middleware around the handler and lets one answer early', async () => {
    const send = appWith((router) => {
      router.get('/around', after, async (c) => {
        await Promise.resolve();
        return c.text('handler');
      });
      router.get(
        '/early',
        after,
        (c) => c.text('early', 403),
        () => {
          throw new Error('the handler must not run');
        },
      );
    });
    const around = await send('/api/around');
    expect(await around.text()).toBe('handler');
    expect(around.headers.get('x-after')).toBe('ran');
    const early = await send('/api/early');
    expect(early.status).toBe(403);
    expect(await early.text()).toBe('early');
    expect(early.headers.get('x-after')).toBe('ran');
  });

  it("hands what a layer throws or rejects to the app's error handler", async () => {
    const send = appWith((router) => {
      router.get('/throws', () => {
        throw new Error('thrown');
      });
      router.get('/rejects', after, () => Promise.reject(new Error('rejected')));
      router.get('/silent', (_c, next) => next());
    });
    expect(await (await send('/api/throws')).json()).toMatchObject({ caught: 'thrown' });
    expect(await (await send('/api/rejects')).json()).toMatchObject({ caught: 'rejected' });
    // A chain whose last layer passes on instead of answering is a bug, said loudly.
    const silent = await send('/api/silent');
    expect(silent.status).toBe(500);
    expect(((await silent.json()) as { caught: string }).caught).toContain('not finalized');
  });
});
