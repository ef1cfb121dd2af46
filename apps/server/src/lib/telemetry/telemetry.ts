import os from 'node:os';
import type { AppDeps } from '@/context';
import { shareWithPrimary } from './cluster-metrics';
import { ProcessMetrics } from './process-metrics';
import type { RequestObserver } from './request-observer';

/** What the app observes of its requests, per the configuration (issue 36). */
export interface Telemetry {
  /** Null when nothing is observed: no request then pays for it. */
  observer: RequestObserver | null;
  /** This process's metrics, when /metrics is on (METRICS_TOKEN). */
  metrics: ProcessMetrics | null;
}

/** The instance's name in metrics: INSTANCE_ID, else hostname:PORT. */
function instanceIdOf(deps: AppDeps): string {
  return deps.config.INSTANCE_ID ?? `${os.hostname()}:${deps.config.PORT}`;
}

/**
 * The request log (LOG_REQUESTS, at info level) and the process's metrics (METRICS_TOKEN),
 * each only when on. `worker` names this process in its cluster ('0' when alone).
 */
export function createTelemetry(deps: AppDeps, worker: string): Telemetry {
  const { config, logger } = deps;
  const metrics = config.METRICS_TOKEN
    ? new ProcessMetrics({
        instanceId: instanceIdOf(deps),
        worker,
        ...(deps.poolUse ? { poolUse: deps.poolUse } : {}),
      })
    : null;
  if (metrics) {
    shareWithPrimary(metrics.registry);
  }
  const log = config.LOG_REQUESTS && logger.isLevelEnabled('info') ? logger : null;
  const observer = log || metrics ? { logger: log, metrics } : null;
  return { observer, metrics };
}
