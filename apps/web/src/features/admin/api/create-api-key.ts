import type { ApiKeyItem, CreateApiKeyBody } from '@pastebox/contract/schemas/api-key';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** POST /api/admin/api-keys: a random key, or the custom one given. */
export function createApiKey(body: CreateApiKeyBody): Promise<ApiKeyItem> {
  return apiRequest<ApiKeyItem>('/admin/api-keys', { method: 'POST', body });
}

/** Creates a key and refreshes the key list. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => invalidateAfterChange(queryClient, 'apiKey'),
  });
}
