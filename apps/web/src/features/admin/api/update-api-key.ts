import type { ApiKeyItem, UpdateApiKeyBody } from '@pastebox/contract/schemas/api-key';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** PUT /api/admin/api-keys/{id}: name, expiry, permissions or base path; absent = unchanged. */
export function updateApiKey(id: string, body: UpdateApiKeyBody): Promise<ApiKeyItem> {
  return apiRequest<ApiKeyItem>(`/admin/api-keys/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** Saves a key and refreshes the key list. */
export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateApiKeyBody }) => updateApiKey(id, body),
    onSuccess: () => invalidateAfterChange(queryClient, 'apiKey'),
  });
}
