import { useAuth } from '../../../../lib/auth/use-auth';
import { useStorageConfigs } from '../../api/get-storage-configs';

/**
 * The storage config's name for the admin; key users may not list configs, so they see
 * the provider type the share carries.
 */
export function useStorageName(configId: string, providerType: string): string {
  const { authType } = useAuth();
  const configs = useStorageConfigs(authType === 'admin');
  return configs.data?.find((config) => config.id === configId)?.name ?? providerType;
}
