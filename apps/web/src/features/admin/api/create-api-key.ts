import type { ApiKeyItem, CreateApiKeyBody } from '@pastebox/contract/schemas/api-key';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';
import { ADMIN_KEYS, type ApiKeysBase } from './api-keys-base';

/** POST /api/admin/api-keys (or a member's /api/account/api-keys): random or custom key. */
export function createApiKey(
  body: CreateApiKeyBody,
  base: ApiKeysBase = ADMIN_KEYS,
): Promise<ApiKeyItem> {
  return apiRequest<ApiKeyItem>(base, { method: 'POST', body });
}

/** Creates a key and refreshes the key list. */
export function useCreateApiKey(base: ApiKeysBase = ADMIN_KEYS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(body, base),
    onSuccess: () => invalidateAfterChange(queryClient, 'apiKey'),
  });
}
