import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { layersOf } from '@/lib/api-route';
import { BODY_LIMIT_EXTENSION, bodyLimitOf, limitBody } from '@/lib/body-limit';
import { createRouter, jsonBody } from '@/lib/openapi';

/** The body limits a router runs for POST /thing, in order (one handler: lib/api-route). */
function limitsOf(own: ReturnType<typeof limitBody>[], declared?: number): (number | undefined)[] {
  const router = createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/thing',
      ...(declared === undefined ? {} : { [BODY_LIMIT_EXTENSION]: declared }),
      middleware: own,
      request: jsonBody(z.object({ name: z.string() })),
      responses: { 200: { description: 'ok' } },
    }),
    (c) => c.json({ ok: true }),
  );
  return router.routes
    .filter((route) => route.path === '/thing')
    .flatMap((route) => layersOf(route.handler))
    .map((layer) => bodyLimitOf(layer))
    .filter((limit) => limit !== undefined);
}

describe('body limits of a route', () => {
  it('gets the router’s limit: the declared one, else 1 MB', () => {
    expect(limitsOf([])).toEqual([1024 * 1024]);
    expect(limitsOf([], 5000)).toEqual([5000]);
  });

  it('runs no second limit when its own already holds the body to the declared one or less', () => {
    expect(limitsOf([limitBody(5000, 'CONTENT_TOO_LARGE')], 5000)).toEqual([5000]);
    expect(limitsOf([limitBody(4000)], 5000)).toEqual([4000]);
  });

  it('keeps the router’s limit behind an own limit that is larger', () => {
    expect(limitsOf([limitBody(8000)], 5000)).toEqual([8000, 5000]);
  });
});
