import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/**
 * DELETE /api/s3-configs/{id}; refused with STORAGE_CONFIG_IN_USE while files use it and
 * STORAGE_CONFIG_IS_DEFAULT for the default.
 */
export function deleteStorageConfig(id: string): Promise<null> {
  return apiRequest<null>(`/s3-configs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a config and refreshes the list. */
export function useDeleteStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStorageConfig,
    onSuccess: () => invalidateAfterChange(queryClient, 'storageConfig'),
  });
}
