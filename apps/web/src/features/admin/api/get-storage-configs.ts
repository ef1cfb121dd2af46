import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/s3-configs: every config with its usage; keys masked (admin only). */
export function getStorageConfigs(): Promise<StorageConfigItem[]> {
  return apiRequest<StorageConfigItem[]>('/s3-configs');
}

export const storageConfigsQueryOptions = queryOptions({
  queryKey: queryKeys.storageConfigs.all,
  queryFn: getStorageConfigs,
});

/** The config list; `enabled` lets a caller skip it (key users may not read it). */
export function useStorageConfigs(enabled = true) {
  return useQuery({ ...storageConfigsQueryOptions, enabled });
}
