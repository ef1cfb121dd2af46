import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_KEYS, apiKeysQueryKey, type ApiKeysBase } from './api-keys-base';

/**
 * GET /api/admin/api-keys: every key, newest first, each with its clear key (admin only);
 * or GET /api/account/api-keys: a member's own keys.
 */
export function getApiKeys(base: ApiKeysBase = ADMIN_KEYS): Promise<ApiKeyItem[]> {
  return apiRequest<ApiKeyItem[]>(base);
}

export function apiKeysQueryOptions(base: ApiKeysBase = ADMIN_KEYS) {
  return queryOptions({
    queryKey: apiKeysQueryKey(base),
    queryFn: () => getApiKeys(base),
  });
}

/** The key list; `enabled` lets a caller skip it (key users may not read it). */
export function useApiKeys(enabled = true, base: ApiKeysBase = ADMIN_KEYS) {
  return useQuery({ ...apiKeysQueryOptions(base), enabled });
}
