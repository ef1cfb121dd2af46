import type { AccountList } from '@pastebox/contract/schemas/account';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AccountsPageParams } from './account-keys';

/** Accounts a page (the admin lists, like the share lists, 10 at a time). */
export const ACCOUNTS_PAGE_SIZE = 10;
/** The server's largest page: the transfer choice reads one page of this size. */
const CHOICES_LIMIT = 100;

/** GET /api/admin/accounts?page&limit&search&role (admin only). */
export function getAccounts(params: AccountsPageParams, limit = ACCOUNTS_PAGE_SIZE) {
  const query = new URLSearchParams({ page: String(params.page), limit: String(limit) });
  if (params.search) {
    query.set('search', params.search);
  }
  if (params.role) {
    query.set('role', params.role);
  }
  return apiRequest<AccountList>(`/admin/accounts?${query.toString()}`);
}

/** One page of accounts; the previous page stays visible while the next loads. */
export function useAccounts(params: AccountsPageParams) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.accounts.list(params),
      queryFn: () => getAccounts(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The accounts a deleted account's shares can go to (the first 100, by role then name). */
export function useAccountChoices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.accounts.choices,
    queryFn: () => getAccounts({ page: 1, search: '', role: '' }, CHOICES_LIMIT),
    enabled,
  });
}
