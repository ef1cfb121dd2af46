import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { buildApp } from './app';
import { createRuntime, type Runtime } from './bootstrap';
import { runCluster, runsSweeper } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { answerMetricsAsks } from './lib/telemetry/cluster-metrics';
import { ensureInitialAdmin } from './modules/auth/service';
import { startTaskRunner } from './modules/tasks/service';
import { startWebhookRunner } from './modules/webhooks/service';
import { startSweeper } from './sweeper';

/** A connection on which nothing is sent or received for this long is closed. */
const IDLE_CONNECTION_MS = 5 * 60_000;

/** Finds the built web app next to the server (dist/ → ../../web/dist) unless WEB_DIST says. */
function locateWebDist(config: Config): string | undefined {
  if (config.WEB_DIST) {
    return config.WEB_DIST;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function listeningUrl(config: Config, port: number): string {
  return `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
}

/**
 * What must happen once per server, not once per process: migrations (in createRuntime),
 * the first admin and the startup warnings. A cluster's primary does it before forking, so
 * workers neither race on migrations nor print the one-time password twice.
 */
async function prepare(config: Config): Promise<Runtime> {
  const runtime = await createRuntime(config);
  const { deps } = runtime;
  const created = await ensureInitialAdmin(deps);
  if (created?.generatedPassword) {
    deps.logger.warn(
      `First start: created the admin account. Username: ${created.username}  Password: ${created.generatedPassword}  (shown once; change it in Admin → Settings)`,
    );
  }
  if (!config.WEB_DIST) {
    deps.logger.warn('The web app is not built; only the API is served. Run `npm run build`.');
  }
  return runtime;
}

/** Serves the app in this process: the lone server, or one worker of a cluster. */
function serveApp(runtime: Runtime): void {
  const { deps } = runtime;
  const { config } = deps;
  const stopSweeper = runsSweeper() ? startSweeper(deps) : () => undefined;
  // Background tasks (copy…): claimed from the database, so any instance may run them.
  const stopTaskRunner = startTaskRunner(deps);
  // Webhook deliveries (issue 33): the same kind of runner over their own table.
  const stopWebhookRunner = startWebhookRunner(deps);
  const app = buildApp(deps);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    // In a cluster the primary announces the shared port once, when every worker listens.
    if (!cluster.isWorker) {
      deps.logger.info(`Pastebox listening on ${listeningUrl(config, info.port)}`);
    }
  });
  // Node ends any request not fully received within 5 minutes (requestTimeout), which would
  // cut a large upload on a slow link. Bodies are bounded by their own limits instead, and
  // a connection on which nothing moves for 5 minutes is closed, so a stalled or trickling
  // client cannot hold it for ever; headers must still arrive within headersTimeout.
  if (server instanceof http.Server) {
    server.requestTimeout = 0;
    server.setTimeout(IDLE_CONNECTION_MS);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    // Ctrl-C reaches every process of a cluster, and the primary forwards SIGTERM too.
    if (stopping) {
      return;
    }
    stopping = true;
    deps.logger.info({ signal }, 'shutting down');
    stopSweeper();
    // Running tasks stop at an object boundary (or are let go of) before the database closes,
    // so another instance resumes them from their checkpoint.
    const tasksStopped = Promise.all([stopTaskRunner(), stopWebhookRunner()]);
    server.close(() => {
      void tasksStopped.then(() => runtime.close()).finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function main(): Promise<void> {
  const config = readConfig();
  const webDist = locateWebDist(config);
  const resolved: Config = { ...config, ...(webDist ? { WEB_DIST: webDist } : {}) };
  if (cluster.isWorker) {
    // The primary migrated already; a worker only opens the database.
    serveApp(await createRuntime(resolved, { migrate: false }));
    return;
  }
  const runtime = await prepare(resolved);
  if (resolved.WORKERS <= 1) {
    serveApp(runtime);
    return;
  }
  const { logger } = runtime.deps;
  await runtime.close();
  if (resolved.METRICS_TOKEN) {
    // A scrape reaches one worker, which asks here for the sum over all of them.
    answerMetricsAsks();
  }
  runCluster({
    workers: resolved.WORKERS,
    logger,
    announce: (port, workerPids) =>
      logger.info(
        { workers: workerPids },
        `Pastebox listening on ${listeningUrl(resolved, port)} (${workerPids.length} worker processes)`,
      ),
  });
}

main().catch((error: unknown) => {
  console.error('Pastebox failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
