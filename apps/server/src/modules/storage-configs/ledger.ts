import type { Transaction } from 'kysely';
import type { AppDeps } from '@/context';
import type { Database } from '@/db/types';
import { AppError } from '@/lib/errors';
import type { CapacityLedger, Reservation } from '@/vfs/capacity';
import { LedgerRepo, type LedgerFigures } from './ledger-repo';

/**
 * The capacity ledger of DESIGN §5: one usage figure per storage config (storage_usage),
 * moved by every write and delete through the product. A write reserves before its first
 * byte is stored — one conditional UPDATE, so parallel writers on any instance can never
 * take a config past its capacity — then settles what it wrote, or releases on failure.
 * A config without a capacity keeps a ledger too, and never refuses.
 */

/** SPEC §8: the refusal names the file size, the remaining space and the total capacity. */
export function insufficientStorage(size: number, remaining: number, total: number): AppError {
  return new AppError(
    'INSUFFICIENT_STORAGE',
    `Not enough storage space: file size ${formatBytes(size)}, remaining space ${formatBytes(remaining)}, total capacity ${formatBytes(total)}`,
    [
      { path: 'file_size', message: String(size) },
      { path: 'remaining', message: String(remaining) },
      { path: 'total_capacity', message: String(total) },
    ],
  );
}

/** 1536 → "1.5 KiB": binary units labelled as such, as the web app shows them (issue 30). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
  return `${rounded} ${units[unit]}`;
}

/** Bytes still free under the capacity (null: none set), reservations counted. */
export function remainingOf(figures: LedgerFigures): number | null {
  return figures.capacity === null
    ? null
    : Math.max(0, figures.capacity - figures.used - figures.reserved);
}

/** A config's figures; a config made after migration 011 gets its row here. */
export async function ledgerFigures(deps: AppDeps, configId: string): Promise<LedgerFigures> {
  const repo = new LedgerRepo(deps.db);
  const figures = await repo.figures(configId);
  if (figures) {
    return figures;
  }
  await repo.ensureRow(configId);
  return (
    (await repo.figures(configId)) ?? { used: 0, reserved: 0, capacity: null, reconciledAt: null }
  );
}

/**
 * Refuses, without reserving, a write that cannot fit now (an early answer before a body
 * is read); the reservation that follows is what holds.
 */
export async function assertFits(deps: AppDeps, configId: string, size: number): Promise<void> {
  const figures = await ledgerFigures(deps, configId);
  const remaining = remainingOf(figures);
  if (remaining !== null && figures.capacity !== null && size > 0 && size > remaining) {
    throw insufficientStorage(size, remaining, figures.capacity);
  }
}

/** Adds `bytes` to the config's reservations, or throws INSUFFICIENT_STORAGE. */
async function hold(deps: AppDeps, configId: string, bytes: number, fileSize: number) {
  const repo = new LedgerRepo(deps.db);
  if (await repo.reserve(configId, bytes)) {
    return;
  }
  const figures = await ledgerFigures(deps, configId);
  // The row may just have been made by ledgerFigures: one more try.
  if (await repo.reserve(configId, bytes)) {
    return;
  }
  throw insufficientStorage(fileSize, remainingOf(figures) ?? 0, figures.capacity ?? 0);
}

/** Reserves `bytes` on a config before they are written (INSUFFICIENT_STORAGE if they do not fit). */
export async function reserveBytes(
  deps: AppDeps,
  configId: string,
  bytes: number,
  fileSize = bytes,
): Promise<Reservation> {
  const amount = Math.max(0, Math.ceil(bytes));
  await hold(deps, configId, amount, fileSize);
  return { configId, bytes: amount };
}

/** Reserves `bytes` more for a write that streams past its reservation. */
export async function extendReservation(
  deps: AppDeps,
  reservation: Reservation,
  bytes: number,
  fileSize: number,
): Promise<void> {
  await hold(deps, reservation.configId, bytes, fileSize);
  reservation.bytes += bytes;
}

/** A finished write: used += written − replaced, the reservation goes, in one statement. */
export async function settleReservation(
  deps: AppDeps,
  reservation: Reservation,
  writtenBytes: number,
  replacedBytes = 0,
): Promise<void> {
  await new LedgerRepo(deps.db).settle(
    reservation.configId,
    reservation.bytes,
    writtenBytes - replacedBytes,
  );
  reservation.bytes = 0;
}

/** A failed write: the reservation goes and nothing is counted. */
export async function releaseReservation(deps: AppDeps, reservation: Reservation): Promise<void> {
  await settleReservation(deps, reservation, 0, 0);
}

/**
 * Releases a reservation, logging (not throwing) a failure: used on the way out of an
 * error, where the first error is the one to answer; a reconcile cannot fix a leaked
 * reservation, so it is logged loudly.
 */
export async function releaseQuietly(deps: AppDeps, reservation: Reservation): Promise<void> {
  try {
    await releaseReservation(deps, reservation);
  } catch (error) {
    deps.logger.error({ err: error, reservation }, 'releasing a capacity reservation failed');
  }
}

/** A ledger change made in the same transaction as a record of the caller's. */
export interface LedgerMove {
  configId: string;
  /** Reserved bytes that go. */
  reserved: number;
  /** What `used` moves by: written − replaced (0 for a release). */
  delta: number;
}

/**
 * Reserves `bytes` and writes the caller's record of them in ONE transaction: for a write
 * whose reservation outlives the request (a presigned PUT), so no crash can leave a
 * reservation without the record that releases it, nor a record without its reservation.
 * Refuses with INSUFFICIENT_STORAGE (nothing written) when the bytes do not fit.
 */
export async function reserveWithRecord<T>(
  deps: AppDeps,
  reserve: { configId: string; bytes: number; fileSize: number },
  record: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const amount = Math.max(0, Math.ceil(reserve.bytes));
  const attempt = () =>
    deps.db.transaction().execute(async (trx) => {
      if (!(await new LedgerRepo(trx).reserve(reserve.configId, amount))) {
        return { done: false } as const;
      }
      return { done: true, value: await record(trx) } as const;
    });
  const first = await attempt();
  if (first.done) {
    return first.value;
  }
  // The config may have no row yet (made after migration 011): ledgerFigures adds it.
  const figures = await ledgerFigures(deps, reserve.configId);
  const second = await attempt();
  if (second.done) {
    return second.value;
  }
  throw insufficientStorage(reserve.fileSize, remainingOf(figures) ?? 0, figures.capacity ?? 0);
}

/**
 * Applies the moves `claim` answers in the transaction it ran in: a record marked settled
 * (or deleted) and its reservation settled (or released) commit together, so two callers
 * racing to settle the same record settle it once — the claim that changed no row moves
 * nothing. Answers the moves made.
 */
export async function settleWithRecord(
  deps: AppDeps,
  claim: (trx: Transaction<Database>) => Promise<LedgerMove[]>,
): Promise<LedgerMove[]> {
  return deps.db.transaction().execute(async (trx) => {
    const moves = await claim(trx);
    const repo = new LedgerRepo(trx);
    for (const move of moves) {
      await repo.settle(move.configId, move.reserved, move.delta);
    }
    return moves;
  });
}

/** Deleted bytes go back to the config (never below 0). */
export async function giveBackBytes(deps: AppDeps, configId: string, bytes: number): Promise<void> {
  if (bytes > 0) {
    await new LedgerRepo(deps.db).giveBack(configId, bytes);
  }
}

/** The ledger as the file system takes it (vfs/capacity.ts). */
export function capacityLedger(deps: AppDeps): CapacityLedger {
  return {
    reserve: (configId, bytes, fileSize) => reserveBytes(deps, configId, bytes, fileSize),
    extend: (reservation, bytes, fileSize) => extendReservation(deps, reservation, bytes, fileSize),
    settle: (reservation, written, replaced) =>
      settleReservation(deps, reservation, written, replaced),
    release: (reservation) => releaseReservation(deps, reservation),
    giveBack: (configId, bytes) => giveBackBytes(deps, configId, bytes),
  };
}
