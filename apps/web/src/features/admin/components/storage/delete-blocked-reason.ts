import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import type { TFunction } from 'i18next';

type Usage = Pick<StorageConfigItem, 'is_default' | 'file_count' | 'mount_count'>;

/**
 * Why the server would refuse to delete the config (the default, or one that file shares or
 * mounts still use), or null when it may go. Said up front so the admin is not asked to
 * confirm a delete that cannot happen.
 */
export function deleteBlockedReason(t: TFunction, config: Usage): string | null {
  if (config.is_default) {
    return t('adminPolish.storage.defaultUndeletable');
  }
  const parts = [
    config.file_count > 0 ? t('adminPolish.storage.files', { count: config.file_count }) : null,
    config.mount_count > 0 ? t('adminPolish.storage.mounts', { count: config.mount_count }) : null,
  ].filter((part): part is string => part !== null);
  const [first, second] = parts;
  if (first === undefined) {
    return null;
  }
  const what = second === undefined ? first : t('adminPolish.storage.and', { first, second });
  return t('adminPolish.storage.inUse', { what });
}
