import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import {
  formatBytes,
  ledgerFigures,
  remainingOf,
  insufficientStorage,
  type StorageConfigRow,
} from '@/modules/storage-configs/service';

// The max upload size is a system setting; uploads apply it, the system module reads it.
export { maxUploadBytes } from '@/modules/system/service';
// The refusal of SPEC §8 belongs to the capacity ledger (storage-configs), which every
// write reserves on; uploads word theirs the same.
export { formatBytes, insufficientStorage };

/** 413 FILE_TOO_LARGE for a declared size over the limit, before any byte is stored. */
export function assertWithinMaxSize(size: number, maxBytes: number): void {
  if (size > maxBytes) {
    throw new AppError(
      'FILE_TOO_LARGE',
      `The file (${formatBytes(size)}) is larger than the maximum upload size (${formatBytes(maxBytes)})`,
    );
  }
}

/** The config's capacity in bytes, or null when it has none (no quota). */
export function capacityOf(config: StorageConfigRow): number | null {
  const total = Number(config.total_storage_bytes ?? 0);
  return total > 0 ? total : null;
}

/**
 * Refuses early — before a body is read — an upload that cannot fit now, from the
 * capacity ledger (used + reserved). It reserves nothing: the write that follows reserves
 * its bytes on the ledger, which is what holds against parallel writers (DESIGN §5).
 * Answers the bytes still free (null: no quota).
 */
export async function assertQuota(
  deps: AppDeps,
  config: StorageConfigRow,
  size: number,
): Promise<number | null> {
  const figures = await ledgerFigures(deps, config.id);
  const remaining = remainingOf(figures);
  const total = capacityOf(config);
  if (remaining !== null && total !== null && size > remaining) {
    throw insufficientStorage(size, remaining, total);
  }
  return remaining;
}
