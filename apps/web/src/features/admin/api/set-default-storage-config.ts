import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** PUT /api/s3-configs/{id}/set-default: exactly one config is the default. */
export function setDefaultStorageConfig(id: string): Promise<StorageConfigItem> {
  return apiRequest<StorageConfigItem>(`/s3-configs/${encodeURIComponent(id)}/set-default`, {
    method: 'PUT',
  });
}

/** Makes a config the default and refreshes the list (the old default loses its badge). */
export function useSetDefaultStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultStorageConfig,
    onSuccess: () => invalidateAfterChange(queryClient, 'storageConfig'),
  });
}
