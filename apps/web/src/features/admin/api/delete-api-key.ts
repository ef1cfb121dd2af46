import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';
import { ADMIN_KEYS, apiKeyPath, type ApiKeysBase } from './api-keys-base';

/** DELETE {base}/{id}: the key stops working with its next request. */
export function deleteApiKey(id: string, base: ApiKeysBase = ADMIN_KEYS): Promise<unknown> {
  return apiRequest<unknown>(apiKeyPath(base, id), { method: 'DELETE' });
}

/** Deletes a key and refreshes the key list. */
export function useDeleteApiKey(base: ApiKeysBase = ADMIN_KEYS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteApiKey(id, base),
    onSuccess: () => invalidateAfterChange(queryClient, 'apiKey'),
  });
}
