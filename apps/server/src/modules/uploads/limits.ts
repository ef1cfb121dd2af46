import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { usedBytesOn } from '@/modules/files/service';
import type { StorageConfigRow } from '@/modules/storage-configs/service';

// The max upload size is a system setting; uploads apply it, the system module reads it.
export { maxUploadBytes } from '@/modules/system/service';

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

/** Bytes still free on a config with a capacity; null when it has none. */
export async function remainingBytes(
  deps: AppDeps,
  config: StorageConfigRow,
): Promise<number | null> {
  const total = capacityOf(config);
  if (total === null) {
    return null;
  }
  const used = await usedBytesOn(deps, config.id);
  return Math.max(0, total - used);
}

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

/**
 * Refuses an upload that would take the config past its capacity, before a byte is
 * stored. Answers the bytes still free (null: no quota) for a check while streaming.
 */
export async function assertQuota(
  deps: AppDeps,
  config: StorageConfigRow,
  size: number,
): Promise<number | null> {
  const remaining = await remainingBytes(deps, config);
  const total = capacityOf(config);
  if (remaining !== null && total !== null && size > remaining) {
    throw insufficientStorage(size, remaining, total);
  }
  return remaining;
}

/** 1536 → "1.5 KB": binary units, as the web app shows them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
  return `${rounded} ${units[unit]}`;
}
