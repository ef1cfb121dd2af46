import type { ApiKeyItem, UpdateApiKeyBody } from '@pastebox/contract/schemas/api-key';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';
import { ADMIN_KEYS, apiKeyPath, type ApiKeysBase } from './api-keys-base';

/** PUT {base}/{id}: name, expiry, permissions or base path; absent = unchanged. */
export function updateApiKey(
  id: string,
  body: UpdateApiKeyBody,
  base: ApiKeysBase = ADMIN_KEYS,
): Promise<ApiKeyItem> {
  return apiRequest<ApiKeyItem>(apiKeyPath(base, id), { method: 'PUT', body });
}

/** Saves a key and refreshes the key list. */
export function useUpdateApiKey(base: ApiKeysBase = ADMIN_KEYS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateApiKeyBody }) =>
      updateApiKey(id, body, base),
    onSuccess: () => invalidateAfterChange(queryClient, 'apiKey'),
  });
}
