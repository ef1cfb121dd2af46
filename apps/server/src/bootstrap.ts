import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { AppDeps } from './context';
import { migrateToLatest, openDatabase } from './db/database';
import { auditRecorderOf } from './lib/audit/recorder';
import { systemClock, type Clock } from './lib/clock';
import { createLogger } from './lib/telemetry/logger';
import { resolveSecret, SecretBox } from './lib/crypto';
import { RateLimiter } from './lib/rate-limit';

export interface Runtime {
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it (unless `migrate` is false: a cluster's workers, whose
 * primary migrated already) and assembles the app's dependencies.
 */
export async function createRuntime(
  config: Config,
  options: { clock?: Clock; logger?: Logger; migrate?: boolean } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const dataDir = path.resolve(config.DATA_DIR);
  const { db, dialect, poolUse } = openDatabase(config.DATABASE_URL, dataDir, (error) =>
    logger.warn({ err: error }, 'a database connection was lost; the pool will reconnect'),
  );
  try {
    if (options.migrate !== false) {
      await migrateToLatest(db);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const deps: AppDeps = {
    config,
    db,
    dialect,
    clock,
    secrets: new SecretBox(resolveSecret(config.SECRET, dataDir)),
    rateLimiter: new RateLimiter(db, clock),
    logger,
    ...(poolUse ? { poolUse } : {}),
    ...(config.WEB_DIST ? { webDist: path.resolve(config.WEB_DIST) } : {}),
  };
  return {
    deps,
    // Audit entries still queued are written before the database goes (lib/audit).
    close: async () => {
      await auditRecorderOf(deps).flush();
      await db.destroy();
    },
  };
}
