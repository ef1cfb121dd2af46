import { queryKeys } from '@/lib/query-keys';

/**
 * Where a list of API keys lives: the admin's every key (SPEC §7), or a member's own
 * (issue 32: same bodies and answers). The key-management components take one of these.
 */
export type ApiKeysBase = '/admin/api-keys' | '/account/api-keys';

export const ADMIN_KEYS: ApiKeysBase = '/admin/api-keys';
export const ACCOUNT_KEYS: ApiKeysBase = '/account/api-keys';

/**
 * The list's query key. Both sit under `queryKeys.apiKeys`, so a change invalidates either
 * and signing out drops both.
 */
export function apiKeysQueryKey(base: ApiKeysBase): readonly unknown[] {
  return base === ADMIN_KEYS ? queryKeys.apiKeys : [...queryKeys.apiKeys, 'account'];
}

/** The address of one key. */
export function apiKeyPath(base: ApiKeysBase, id: string): string {
  return `${base}/${encodeURIComponent(id)}`;
}
