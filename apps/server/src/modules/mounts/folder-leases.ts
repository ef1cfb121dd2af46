import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AppDeps } from '@/context';
import { addMs } from '@/lib/clock';
import { FolderBusyError, type FolderLeases } from '@/vfs/folder-leases';
import { FolderLeasesRepo, type FolderLeaseClaim } from './folder-leases-repo';

/**
 * The file system's folder leases (vfs/folder-leases.ts) in the database, so they hold
 * across the workers of a cluster and across instances (issue 29, "Concurrency").
 *
 * - A claim is atomic on both databases: one write transaction (SQLite begins it
 *   IMMEDIATE; PostgreSQL takes an advisory lock on the config first) deletes the config's
 *   expired leases, reads the others and inserts the new one only when none overlaps.
 * - Refused, a claim waits and tries again (a release in this process wakes it at once;
 *   one in another, within a few hundred ms), for up to `waitMs`: of eight renames of one
 *   folder, the seven that wait find the folder gone (404) or the name taken (409) once the
 *   winner is done, as within one process. Past `waitMs`, FolderBusyError (409 CONFLICT).
 * - Held, it is renewed every third of `leaseMs`, so a move of a large folder keeps it;
 *   a holder killed mid-move stops renewing, and after `leaseMs` the folder is free again
 *   for the same rename to finish the move (vfs/folder-move.ts).
 *
 * Expiry compares the clocks of the instances (deps.clock): they must agree to well within
 * `leaseMs`, as they must for every other expiry in the database.
 */
export interface FolderLeaseOptions {
  /** How long a lease holds without renewal. */
  leaseMs?: number;
  /** How long a claim waits for overlapping leases to end before FolderBusyError. */
  waitMs?: number;
}

export const FOLDER_LEASE_DEFAULTS = { leaseMs: 30_000, waitMs: 10_000 } as const;

/** Pauses between two refused claims: short at first, then no more than this. */
const FIRST_PAUSE_MS = 10;
const MAX_PAUSE_MS = 200;

/** The holder column: host, process, random tail (as the job runner's lease_owner). */
const PROCESS_HOLDER = `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** A folder key as a lease prefix: 'a/b' → 'a/b/', the root '' → '' (above everything). */
export function leasePrefixOf(folderKey: string): string {
  const key = folderKey.replace(/^\/+|\/+$/g, '');
  return key === '' ? '' : `${key}/`;
}

/** The overlap rule: two folders exclude each other when one is the other or inside it. */
export function prefixesOverlap(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a);
}

/** Waiters of this process, woken when a lease here is released. */
const waiters = new Set<() => void>();

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    waiters.add(wake);
  });
}

function announceRelease(): void {
  for (const wake of [...waiters]) {
    wake();
  }
}

/**
 * One atomic claim: true, and the lease's rows written, when no unexpired lease of another
 * holder on the config overlaps one of `claim.prefixes`; false (nothing written) otherwise.
 */
export function claimFolderLease(deps: AppDeps, claim: FolderLeaseClaim): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const repo = new FolderLeasesRepo(trx);
    await repo.lockConfig(deps.dialect, claim.configId);
    await repo.deleteExpired(claim.configId, claim.nowIso);
    const held = await repo.heldPrefixes(claim.configId, claim.nowIso);
    if (held.some((h) => claim.prefixes.some((wanted) => prefixesOverlap(h, wanted)))) {
      return false;
    }
    await repo.insert(claim);
    return true;
  });
}

/** The leases the file system is handed (modules/mounts/source.ts). */
export function folderLeases(deps: AppDeps, options: FolderLeaseOptions = {}): FolderLeases {
  const settings = { ...FOLDER_LEASE_DEFAULTS, ...options };
  return {
    hold: (configId, folderKeys, task) =>
      holdFolderLease(deps, settings, configId, folderKeys, task),
  };
}

async function holdFolderLease<T>(
  deps: AppDeps,
  settings: Required<FolderLeaseOptions>,
  configId: string,
  folderKeys: readonly string[],
  task: () => Promise<T>,
): Promise<T> {
  const leaseId = randomUUID();
  const prefixes = [...new Set(folderKeys.map(leasePrefixOf))];
  const claimNow = (): FolderLeaseClaim => {
    const now = deps.clock.now();
    return {
      leaseId,
      configId,
      prefixes,
      holder: PROCESS_HOLDER,
      nowIso: now.toISOString(),
      expiresIso: addMs(now, settings.leaseMs).toISOString(),
    };
  };
  const deadline = performance.now() + settings.waitMs;
  let pauseMs = FIRST_PAUSE_MS;
  while (!(await claimFolderLease(deps, claimNow()))) {
    const left = deadline - performance.now();
    if (left <= 0) {
      throw new FolderBusyError(folderKeys);
    }
    await pause(Math.min(pauseMs, left));
    pauseMs = Math.min(pauseMs * 2, MAX_PAUSE_MS);
  }
  const renewal = new LeaseRenewal(deps, settings.leaseMs, leaseId, { configId, prefixes });
  try {
    return await task();
  } finally {
    await renewal.stop();
    await new FolderLeasesRepo(deps.db).release(leaseId).catch((error: unknown) => {
      // Not released: the lease still ends at its expiry.
      deps.logger.warn({ err: error, leaseId, configId }, 'releasing a folder lease failed');
    });
    announceRelease();
  }
}

/** Renews a held lease every third of its length until stopped. */
class LeaseRenewal {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private lost = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly leaseMs: number,
    private readonly leaseId: string,
    private readonly about: { configId: string; prefixes: readonly string[] },
  ) {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.renew());
    }, leaseMs / 3);
    this.timer.unref();
  }

  private async renew(): Promise<void> {
    if (this.stopped) {
      return;
    }
    const expiresIso = addMs(this.deps.clock.now(), this.leaseMs).toISOString();
    try {
      const found = await new FolderLeasesRepo(this.deps.db).renew(this.leaseId, expiresIso);
      if (found === 0 && !this.stopped && !this.lost) {
        this.lost = true;
        // The process stalled past the expiry and another took the folders: two moves may
        // now overlap. Nothing is lost (every object is copied before any is deleted).
        this.deps.logger.error(
          { leaseId: this.leaseId, ...this.about },
          'a folder lease was lost while its move or delete ran',
        );
      }
    } catch (error) {
      this.deps.logger.warn(
        { err: error, leaseId: this.leaseId, ...this.about },
        'renewing a folder lease failed; tried again at the next turn',
      );
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
