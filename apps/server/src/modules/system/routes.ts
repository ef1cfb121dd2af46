import { createRoute } from '@hono/zod-openapi';
import { LIMITS } from '@pastebox/contract/limits';
import { health, maxUploadSize, readiness, versionInfo } from '@pastebox/contract/schemas/system';
import { pendingMigrations } from '@/db/database';
import { ok } from '@/lib/envelope';
import { AppError } from '@/lib/errors';
import { createRouter, okResponse } from '@/lib/openapi';
import { APP_VERSION } from '@/version';
import { checkDatabase, databaseRecentlyOk } from './health';
import { getSetting } from './settings';

export const systemRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['System'],
      summary: 'Liveness, database included',
      responses: okResponse(health),
    }),
    (c) => {
      const healthy = () => ok(c, { status: 'ok' as const, database: 'ok' as const });
      const deps = c.get('deps');
      if (databaseRecentlyOk(deps)) {
        return healthy();
      }
      return checkDatabase(deps).then(healthy, (error: unknown) => {
        deps.logger.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable');
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/ready',
      tags: ['System'],
      summary: 'Readiness: the database answers and no migration is pending (503 otherwise)',
      description:
        'For a load balancer or an orchestrator deciding whether to send traffic here; ' +
        '`/api/health` stays the liveness answer.',
      responses: okResponse(readiness),
    }),
    async (c) => {
      const deps = c.get('deps');
      try {
        await checkDatabase(deps);
      } catch (error) {
        deps.logger.error({ err: error }, 'readiness: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable');
      }
      const pending = await pendingMigrations(deps.db);
      if (pending.length > 0) {
        throw new AppError('SERVICE_UNAVAILABLE', `Migrations pending: ${pending.join(', ')}`);
      }
      return ok(c, {
        status: 'ready' as const,
        database: 'ok' as const,
        migrations: 'current' as const,
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/version',
      tags: ['System'],
      summary: 'Product version',
      responses: okResponse(versionInfo),
    }),
    (c) => ok(c, { name: 'Pastebox', version: APP_VERSION, node: process.version }),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/system/max-upload-size',
      tags: ['System'],
      summary: 'The largest upload allowed, in MB',
      responses: okResponse(maxUploadSize),
    }),
    async (c) => {
      const stored = await getSetting(c.get('deps').db, 'max_upload_size_mb');
      const mb = stored ? Number(stored) : LIMITS.defaultMaxUploadSizeMb;
      return ok(c, { max_upload_size: mb, max_upload_size_bytes: Math.round(mb * 1024 * 1024) });
    },
  );
