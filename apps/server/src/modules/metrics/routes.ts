import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '@/context';
import { instanceMetrics } from '@/lib/telemetry/cluster-metrics';
import type { ProcessMetrics } from '@/lib/telemetry/process-metrics';
import { DatabaseMetrics } from './service';

/** prom-client's text exposition format. */
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * GET /metrics (issue 36): the Prometheus text of this instance — its workers' requests and
 * processes summed by the cluster's primary, then the database's gauges. Off (404, as if it
 * did not exist) unless METRICS_TOKEN is set, and then only for `Authorization: Bearer
 * <METRICS_TOKEN>`. Outside /api: it is Prometheus's, not the product's API.
 */
export function metricsRoutes(deps: AppDeps, metrics: ProcessMetrics | null) {
  const app = new Hono<AppEnv>();
  const token = deps.config.METRICS_TOKEN;
  const database = metrics ? new DatabaseMetrics(deps, metrics.instanceId) : null;
  app.get('/metrics', async (c) => {
    if (token === undefined || metrics === null || database === null) {
      return c.text('Not found', 404);
    }
    if (!presentsToken(c.req.header('authorization'), token)) {
      return c.text('Unauthorized', 401, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    const [processes, stored] = await Promise.all([
      instanceMetrics(metrics.registry),
      database.text(),
    ]);
    return c.body(`${processes}\n${stored}`, 200, {
      'content-type': CONTENT_TYPE,
      'cache-control': 'no-store',
    });
  });
  return app;
}

/**
 * Whether `header` is `Bearer <token>`. Both sides are hashed first, so the comparison is
 * constant-time whatever the lengths: a timing never tells how much of a guess was right.
 */
function presentsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const sent = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(sent, expected) && match !== null;
}
