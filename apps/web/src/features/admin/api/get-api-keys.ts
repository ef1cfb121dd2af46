import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Root of the API-key query keys: mutations invalidate through it. */
export const API_KEYS_KEY = ['api-keys'] as const;

/** GET /api/admin/api-keys: every key, newest first, each with its clear key (admin only). */
export function getApiKeys(): Promise<ApiKeyItem[]> {
  return apiRequest<ApiKeyItem[]>('/admin/api-keys');
}

export const apiKeysQueryOptions = queryOptions({ queryKey: API_KEYS_KEY, queryFn: getApiKeys });

/** The key list; `enabled` lets a caller skip it (key users may not read it). */
export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQueryOptions, enabled });
}
