import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '@/db/postgres-pool';
import type { RouteFamily } from './route-family';

/** Seconds: from a cached health check (~0.1 ms) to a long download. */
const DURATION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

export interface ProcessMetricsOptions {
  /** Labels every series: which instance of a scaled-out deployment answered. */
  instanceId: string;
  /** This process's place in its cluster ('0' for a lone process): labels per-process series. */
  worker: string;
  poolUse?: () => PoolUse;
}

/**
 * What one process counts (DESIGN §15: prom-client per worker): requests by route family
 * and status, their durations, its database pool, and Node's own figures (event-loop lag,
 * memory, GC). A cluster's primary sums the workers' registries (cluster-metrics.ts); the
 * Node figures carry a `worker` label, so each worker's lag stays its own.
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  readonly instanceId: string;
  private readonly requests: Counter<'family' | 'status'>;
  private readonly durations: Histogram<'family'>;

  constructor(options: ProcessMetricsOptions) {
    this.instanceId = options.instanceId;
    this.registry.setDefaultLabels({ instance_id: options.instanceId });
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'pastebox_http_requests_total',
      help: 'Requests answered, by route family and status (499: the client left first)',
      labelNames: ['family', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'pastebox_http_request_duration_seconds',
      help: 'Time from a request to its answer fully sent, by route family',
      labelNames: ['family'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    if (options.poolUse) {
      registerPoolGauges(options.poolUse, registers);
    }
    collectDefaultMetrics({ register: this.registry, labels: { worker: options.worker } });
  }

  observeRequest(family: RouteFamily, status: number, seconds: number): void {
    this.requests.inc({ family, status });
    this.durations.observe({ family }, seconds);
  }
}

/** The PostgreSQL pool's connections, read when scraped (summed over a cluster's workers). */
function registerPoolGauges(poolUse: () => PoolUse, registers: Registry[]): void {
  new Gauge({
    name: 'pastebox_db_pool_connections',
    help: 'Database pool connections: open (busy or idle) and idle',
    labelNames: ['state'],
    registers,
    collect() {
      const use = poolUse();
      this.set({ state: 'open' }, use.open);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'pastebox_db_pool_waiting',
    help: 'Queries waiting for a connection of a full database pool',
    registers,
    collect() {
      this.set(poolUse().waiting);
    },
  });
  new Gauge({
    name: 'pastebox_db_pool_max',
    help: 'The most connections the database pool opens',
    registers,
    collect() {
      this.set(poolUse().max);
    },
  });
}
