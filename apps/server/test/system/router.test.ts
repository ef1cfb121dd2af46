import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Hono's SmartRouter settles on the first router that takes every route. The RegExpRouter
 * matches a path with one regular expression; one awkward route (a static path beside a
 * parameter at the same depth) sends the whole app to the TrieRouter, a walk per request.
 * Not a timing: which router the app's routes allow (DESIGN §11).
 */
describe('routing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("keeps every route on Hono's RegExpRouter", () => {
    const app = buildApp(server.deps);
    for (const part of [app.api, app.web]) {
      const router = part.router as unknown as { name: string };
      expect(part.router.match('GET', '/api/health')).toBeDefined();
      expect(router.name).toBe('SmartRouter + RegExpRouter');
    }
  });

  it('answers every API route as the only handler of its path (lib/api-route.ts)', () => {
    const { api } = buildApp(server.deps);
    const shared: string[] = [];
    for (const route of api.routes) {
      const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, 'x1').replace(/\*$/, 'any');
      const method = route.method === 'ALL' ? 'GET' : route.method;
      const [handlers] = api.router.match(method, path);
      if (handlers.length !== 1) {
        shared.push(`${method} ${path}: ${handlers.length}`);
      }
    }
    expect(api.routes.length).toBeGreaterThan(100);
    expect(shared).toEqual([]);
  });

  it('still serves the API reference page, its script and its assets', async () => {
    const page = await server.anon.raw('/api/docs');
    expect(page.status).toBe(200);
    const script = await server.anon.raw('/api/docs/init.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('SwaggerUIBundle');
    const css = await server.anon.raw('/api/docs/swagger-ui.css');
    expect(css.status).toBe(200);
    expect((await server.anon.raw('/api/docs/nope.js')).status).toBe(404);
  });
});
