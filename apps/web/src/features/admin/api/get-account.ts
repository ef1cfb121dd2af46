import type { AccountMe } from '@pastebox/contract/schemas/account';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/account: the signed-in account (admin or member) with its rights (issue 32). */
export function getAccount(): Promise<AccountMe> {
  return apiRequest<AccountMe>('/account');
}

/** Who is signed in, for the Account module. */
export function useAccount() {
  return useQuery({ queryKey: queryKeys.account.me, queryFn: getAccount });
}
