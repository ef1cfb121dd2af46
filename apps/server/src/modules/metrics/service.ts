import { TASK_STATUSES } from '@pastebox/contract/schemas/task';
import { Gauge, Registry } from 'prom-client';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { MetricsRepo } from './repo';

/**
 * A scrape reads the database once, in the worker that got it, and at most every few
 * seconds however many Prometheus servers scrape: the figures are instance-wide (the
 * database's, not a worker's), so they are never summed over workers.
 */
const SNAPSHOT_TTL_MS = 5_000;

type Aggregate = number | string | null;
const toNumber = (value: Aggregate | undefined): number => Number(value ?? 0);

interface Snapshot {
  shares: Record<'paste' | 'file' | 'bundle' | 'request', number>;
  openVisits: number;
  tasks: Map<string, number>;
  storage: {
    labels: { config_id: string; config_name: string; provider: string };
    used: number;
    reserved: number;
    capacity: number | null;
  }[];
}

async function readSnapshot(deps: AppDeps): Promise<Snapshot> {
  const repo = new MetricsRepo(deps.db);
  const [shares, visits, tasks, storage] = await Promise.all([
    repo.shareCounts(),
    repo.openVisits(isoNow(deps.clock)),
    repo.tasksByStatus(),
    repo.storageUse(),
  ]);
  return {
    shares: {
      paste: toNumber(shares.paste),
      file: toNumber(shares.file),
      bundle: toNumber(shares.bundle),
      request: toNumber(shares.request),
    },
    openVisits: toNumber(visits.n),
    tasks: new Map(tasks.map((row) => [row.status, toNumber(row.n)])),
    storage: storage.map((row) => ({
      labels: { config_id: row.id, config_name: row.name, provider: row.provider_type },
      used: toNumber(row.used_bytes),
      reserved: toNumber(row.reserved_bytes),
      capacity: row.total_storage_bytes === null ? null : toNumber(row.total_storage_bytes),
    })),
  };
}

/** The database's gauges: shares, open visits, tasks by status, bytes per storage config. */
export class DatabaseMetrics {
  readonly registry = new Registry();
  private cached: { at: number; snapshot: Promise<Snapshot> } | null = null;

  constructor(
    private readonly deps: AppDeps,
    instanceId: string,
  ) {
    this.registry.setDefaultLabels({ instance_id: instanceId });
    this.registerGauges();
  }

  /** The metrics text; the database read at most once per SNAPSHOT_TTL_MS. */
  async text(): Promise<string> {
    const now = Date.now();
    if (this.cached === null || now - this.cached.at >= SNAPSHOT_TTL_MS) {
      const snapshot = readSnapshot(this.deps);
      this.cached = { at: now, snapshot };
      // A failed read is not kept: the next scrape tries again.
      snapshot.catch(() => (this.cached = null));
    }
    await this.cached.snapshot;
    return this.registry.metrics();
  }

  private async snapshot(): Promise<Snapshot> {
    if (this.cached === null) {
      throw new Error('the metrics snapshot is read before the gauges are collected');
    }
    return this.cached.snapshot;
  }

  private registerGauges(): void {
    const registers = [this.registry];
    const snapshot = () => this.snapshot();
    new Gauge({
      name: 'pastebox_shares',
      help: 'Shares stored, by kind (file requests included)',
      labelNames: ['kind'],
      registers,
      async collect() {
        const { shares } = await snapshot();
        for (const [kind, count] of Object.entries(shares)) {
          this.set({ kind }, count);
        }
      },
    });
    new Gauge({
      name: 'pastebox_open_visits',
      help: 'Share visits whose links still serve (not past their sliding expiry)',
      registers,
      async collect() {
        this.set((await snapshot()).openVisits);
      },
    });
    new Gauge({
      name: 'pastebox_tasks',
      help: 'Background tasks by status',
      labelNames: ['status'],
      registers,
      async collect() {
        const { tasks } = await snapshot();
        for (const status of TASK_STATUSES) {
          this.set({ status }, tasks.get(status) ?? 0);
        }
      },
    });
    registerStorageGauges(registers, snapshot);
  }
}

type StorageRow = Snapshot['storage'][number];

/** Bytes per storage config, from the capacity ledger every write is held to (DESIGN §5). */
function registerStorageGauges(registers: Registry[], snapshot: () => Promise<Snapshot>): void {
  const perConfig = (name: string, help: string, value: (row: StorageRow) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['config_id', 'config_name', 'provider'],
      registers,
      async collect() {
        // Reset first: a deleted or renamed config must not linger as a series.
        this.reset();
        for (const row of (await snapshot()).storage) {
          const figure = value(row);
          if (figure !== null) {
            this.set(row.labels, figure);
          }
        }
      },
    });
  perConfig('pastebox_storage_used_bytes', 'Bytes stored, per storage config', (row) => row.used);
  perConfig(
    'pastebox_storage_reserved_bytes',
    'Bytes of writes in flight, per storage config',
    (row) => row.reserved,
  );
  perConfig(
    'pastebox_storage_capacity_bytes',
    'The quota of a storage config that has one',
    (row) => row.capacity,
  );
}
