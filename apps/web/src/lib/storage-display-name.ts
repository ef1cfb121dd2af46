import {
  BUILT_IN_LOCAL_STORAGE_NAME,
  type StorageConfigItem,
} from '@pastebox/contract/schemas/storage-config';
import type { TFunction } from 'i18next';

/** The little of a storage config that decides how its name reads. */
export interface NamedStorage {
  name: string;
  /** Whether the local driver serves it (`provider_type` or `storage_type` 'local'). */
  local: boolean;
}

/**
 * The name to show for a storage config. The first start creates a local config named
 * BUILT_IN_LOCAL_STORAGE_NAME in English (DESIGN §6); config names are unique, so a local
 * config still carrying that name is the built-in one, never renamed, and reads in the UI
 * language. Any other name is the admin's own and shows as typed.
 */
export function storageDisplayName(t: TFunction, storage: NamedStorage): string {
  if (storage.local && storage.name === BUILT_IN_LOCAL_STORAGE_NAME) {
    return t('adminPolish.builtInLocalStorage');
  }
  return storage.name;
}

/** `storageDisplayName` of a config as the API answers it. */
export function configDisplayName(
  t: TFunction,
  config: Pick<StorageConfigItem, 'name' | 'storage_type'>,
): string {
  return storageDisplayName(t, { name: config.name, local: config.storage_type === 'local' });
}
