import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** DELETE /api/admin/api-keys/{id}: the key stops working with its next request. */
export function deleteApiKey(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a key and refreshes the key list. */
export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => invalidateAfterChange(queryClient, 'apiKey'),
  });
}
