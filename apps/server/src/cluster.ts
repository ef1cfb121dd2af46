import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * Set (to '1') in the environment of the one worker that runs the periodic sweeper. Every
 * pass is idempotent, so several would be correct, but each would repeat the same scans and
 * storage deletions and contend for SQLite's write lock with requests; each crash-restart
 * would also trigger an extra pass, since the sweeper runs once at start.
 */
const SWEEPER_ENV = 'PASTEBOX_RUNS_SWEEPER';

/** A worker's place in the cluster (0…WORKERS-1), kept by its replacement: labels its metrics. */
const WORKER_INDEX_ENV = 'PASTEBOX_WORKER';

/** This process's place in its cluster, as metrics label it: '0' for a lone process. */
export function workerLabel(): string {
  return (cluster.isWorker && process.env[WORKER_INDEX_ENV]) || '0';
}

/** A worker that lived at least this long before dying was healthy: restart it at once. */
const STABLE_AFTER_MS = 10_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** Workers have their own 5 s deadline to drain; past this one they are killed. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Whether this process runs the sweeper: a lone server does, and one worker of a cluster. */
export function runsSweeper(): boolean {
  return !cluster.isWorker || process.env[SWEEPER_ENV] === '1';
}

export interface ClusterOptions {
  workers: number;
  logger: Logger;
  /** Logs the startup line once every first worker listens, with the port they share. */
  announce: (port: number, workerPids: number[]) => void;
}

/** One place in the cluster: its worker is replaced when it dies. */
interface Slot {
  index: number;
  worker: Worker;
  startedAt: number;
  listening: boolean;
  /** Deaths in a row that came soon after a start; sets the restart backoff. */
  quickDeaths: number;
}

/**
 * The primary process: forks `workers` copies of this program, which all listen on the same
 * port (node:cluster hands connections out between them), replaces a worker that dies with a
 * backoff so a crash loop does not spin, and on SIGTERM/SIGINT lets every worker shut down
 * cleanly before it exits. Migrations and the first admin are done before this is called.
 */
export function runCluster({ workers, logger, announce }: ClusterOptions): void {
  const slots: Slot[] = [];
  let announced = false;
  let stopping = false;
  let stopCode = 0;

  const fork = (index: number, quickDeaths: number): Slot => {
    const worker = cluster.fork({
      [WORKER_INDEX_ENV]: String(index),
      ...(index === 0 ? { [SWEEPER_ENV]: '1' } : {}),
    });
    const slot: Slot = { index, worker, startedAt: Date.now(), listening: false, quickDeaths };
    slots[index] = slot;
    worker.on('listening', (address: { port: number }) => {
      slot.listening = true;
      if (announced) {
        logger.info({ worker: worker.process.pid }, 'a replacement worker is listening');
      } else if (slots.length === workers && slots.every((s) => s.listening)) {
        announced = true;
        announce(
          address.port,
          slots.map((s) => s.worker.process.pid ?? 0),
        );
      }
    });
    worker.on('exit', (code, signal) => onExit(slot, code, signal));
    return slot;
  };

  const onExit = (slot: Slot, code: number | null, signal: string | null) => {
    if (slots[slot.index] !== slot) {
      return;
    }
    if (stopping) {
      if (slots.every((s) => s.worker.isDead())) {
        process.exit(stopCode);
      }
      return;
    }
    const pid = slot.worker.process.pid;
    if (!announced && !slot.listening) {
      // A worker that cannot start (port taken, database unreachable) will not start on a
      // retry either: the server as a whole failed to start, as a lone process would have.
      logger.error({ worker: pid, code, signal }, 'a worker failed to start; stopping');
      stop(1);
      return;
    }
    const quick = Date.now() - slot.startedAt < STABLE_AFTER_MS || !slot.listening;
    const quickDeaths = quick ? slot.quickDeaths + 1 : 0;
    const delay =
      quickDeaths === 0 ? 0 : Math.min(FIRST_BACKOFF_MS * 2 ** (quickDeaths - 1), MAX_BACKOFF_MS);
    logger.warn({ worker: pid, code, signal, restartInMs: delay }, 'a worker died; restarting it');
    // Not unref'd: when every worker is down, this timer is what keeps the primary alive.
    setTimeout(() => {
      if (!stopping) {
        fork(slot.index, quickDeaths);
      }
    }, delay);
  };

  /** Asks every worker to shut down (main.ts's clean path), exits when all have. */
  const stop = (exitCode: number) => {
    stopping = true;
    stopCode = exitCode;
    const alive = slots.filter((s) => !s.worker.isDead());
    if (alive.length === 0) {
      process.exit(exitCode);
    }
    alive.forEach((s) => s.worker.process.kill('SIGTERM'));
    setTimeout(() => {
      logger.error('workers did not stop in time; killing them');
      slots.forEach((s) => s.worker.isDead() || s.worker.process.kill('SIGKILL'));
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
  };

  const onSignal = (signal: string) => {
    if (!stopping) {
      logger.info({ signal }, 'shutting down');
      stop(0);
    }
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  for (let index = 0; index < workers; index += 1) {
    fork(index, 0);
  }
}
