import type {
  StorageConfigItem,
  UpdateStorageConfigBody,
} from '@pastebox/contract/schemas/storage-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** PUT /api/s3-configs/{id}: absent fields, and empty key fields, stay as they are. */
export function updateStorageConfig(
  id: string,
  body: UpdateStorageConfigBody,
): Promise<StorageConfigItem> {
  return apiRequest<StorageConfigItem>(`/s3-configs/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** Saves a config and refreshes the list. */
export function useUpdateStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStorageConfigBody }) =>
      updateStorageConfig(id, body),
    onSuccess: () => invalidateAfterChange(queryClient, 'storageConfig'),
  });
}
