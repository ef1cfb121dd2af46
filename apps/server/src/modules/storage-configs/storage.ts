import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import type { StorageDriver } from '@/storage/driver';
import { driverFor } from '@/storage/registry';
import { StorageConfigsRepo, type StorageConfigRow } from './repo';

/**
 * Opening a storage by its config: this module reads the row, the storage registry turns
 * it into a (cached) driver. The registry is handed the row, so it imports no module.
 */

/** A storage config and the driver that serves it. */
export interface StorageHandle {
  config: StorageConfigRow;
  driver: StorageDriver;
}

/** The storage of one config; STORAGE_CONFIG_NOT_FOUND when there is no such config. */
export async function getStorage(deps: AppDeps, configId: string): Promise<StorageHandle> {
  // Re-read on every call: the registry's cache is keyed by updated_at, so an edit made
  // by another instance is picked up here.
  const config = await new StorageConfigsRepo(deps.db).findById(configId);
  if (!config) {
    throw new AppError('STORAGE_CONFIG_NOT_FOUND');
  }
  return { config, driver: driverFor(deps, config) };
}

/** The default storage (the `local` one created by the first start, unless changed). */
export async function getDefaultStorage(deps: AppDeps): Promise<StorageHandle> {
  const config = await new StorageConfigsRepo(deps.db).findDefault();
  if (!config) {
    throw new AppError(
      'STORAGE_CONFIG_NOT_FOUND',
      'No default storage config; choose one in Admin → Storage',
    );
  }
  return { config, driver: driverFor(deps, config) };
}

/** `getStorage` for an id, `getDefaultStorage` for null/undefined/''. */
export function resolveStorage(
  deps: AppDeps,
  configId: string | null | undefined,
): Promise<StorageHandle> {
  return configId ? getStorage(deps, configId) : getDefaultStorage(deps);
}
