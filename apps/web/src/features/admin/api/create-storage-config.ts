import type {
  CreateStorageConfigBody,
  StorageConfigItem,
} from '@pastebox/contract/schemas/storage-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STORAGE_CONFIGS_KEY } from './get-storage-configs';

/** POST /api/s3-configs. */
export function createStorageConfig(body: CreateStorageConfigBody): Promise<StorageConfigItem> {
  return apiRequest<StorageConfigItem>('/s3-configs', { method: 'POST', body });
}

/** Creates a config and refreshes the list. */
export function useCreateStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStorageConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORAGE_CONFIGS_KEY }),
  });
}
