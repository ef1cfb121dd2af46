import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';

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
  queryKey: ['s3-configs', 'choices'] as const,
  queryFn: getStorageChoices,
  retry: false,
});

/**
 * The storage configs to choose from, or null when the visitor may not list them (the
 * list is the admin's; a key is refused): then the select is hidden and the server uses
 * the default config.
 */
export function useStorageChoices(): StorageChoice[] | null {
  const signedIn = useAuth().authType !== 'none';
  const query = useQuery({ ...storageChoicesQueryOptions, enabled: signedIn });
  return signedIn && query.data && query.data.length > 0 ? query.data : null;
}
