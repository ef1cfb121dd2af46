import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';

/** A storage config as the upload form offers it. */
export interface StorageChoice {
  id: string;
  name: string;
  /** `local` or `s3`: decides whether small files go through the server or presigned. */
  storageType: string;
  isDefault: boolean;
}

/** GET /api/s3-configs (admin only, SPEC §6), reduced to what the upload form needs. */
export async function getStorageChoices(): Promise<StorageChoice[]> {
  const configs = await apiRequest<StorageConfigItem[]>('/s3-configs');
  return configs.map((config) => ({
    id: config.id,
    name: config.name,
    storageType: config.storage_type,
    isDefault: config.is_default,
  }));
}

export const storageChoicesQueryOptions = queryOptions({
  queryKey: queryKeys.storageConfigs.choices,
  queryFn: getStorageChoices,
  retry: false,
});

/**
 * The storage configs to choose from, or null for an API key: SPEC §6 keeps the list
 * (GET /api/s3-configs answers 403 ADMIN_REQUIRED to keys), so the select is hidden and
 * the server uses the default config. Also null while loading or if the call fails.
 */
export function useStorageChoices(): StorageChoice[] | null {
  const admin = useAuth().authType === 'admin';
  const query = useQuery({ ...storageChoicesQueryOptions, enabled: admin });
  return admin && query.data && query.data.length > 0 ? query.data : null;
}
