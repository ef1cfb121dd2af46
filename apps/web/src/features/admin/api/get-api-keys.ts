import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/api-keys: every key, newest first, each with its clear key (admin only). */
export function getApiKeys(): Promise<ApiKeyItem[]> {
  return apiRequest<ApiKeyItem[]>('/admin/api-keys');
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: queryKeys.apiKeys,
  queryFn: getApiKeys,
});

/** The key list; `enabled` lets a caller skip it (key users may not read it). */
export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQueryOptions, enabled });
}
