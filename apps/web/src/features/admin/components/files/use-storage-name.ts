import { STORAGE_PROVIDERS } from '@pastebox/contract/schemas/storage-config';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import { configDisplayName } from '@/lib/storage-display-name';
import { useStorageConfigs } from '@/features/admin/api/get-storage-configs';

/**
 * The storage config's name for the admin (the built-in one in the UI language); key users
 * may not list configs, so they see the provider the share carries ("Local disk", "MinIO"…).
 */
export function useStorageName(configId: string, providerType: string): string {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const configs = useStorageConfigs(authType === 'admin');
  const config = configs.data?.find((candidate) => candidate.id === configId);
  if (config) {
    return configDisplayName(t, config);
  }
  const known = STORAGE_PROVIDERS.find((provider) => provider === providerType);
  return known ? t(`storage.providers.${known}`) : providerType;
}
