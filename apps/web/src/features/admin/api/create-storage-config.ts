import type {
  CreateStorageConfigBody,
  StorageConfigItem,
} from '@pastebox/contract/schemas/storage-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** POST /api/s3-configs. */
export function createStorageConfig(body: CreateStorageConfigBody): Promise<StorageConfigItem> {
  return apiRequest<StorageConfigItem>('/s3-configs', { method: 'POST', body });
}

/** Creates a config and refreshes the list. */
export function useCreateStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStorageConfig,
    onSuccess: () => invalidateAfterChange(queryClient, 'storageConfig'),
  });
}
