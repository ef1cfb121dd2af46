import type {
  AccountItem,
  AccountWithInvite,
  CreateAccountBody,
  DeleteAccountQuery,
  ResetAccountPasswordBody,
  UpdateAccountBody,
} from '@pastebox/contract/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAccounts, invalidateAfterAccountRemoval } from './account-keys';

const accountPath = (id: string) => `/admin/accounts/${encodeURIComponent(id)}`;

/** What DELETE answers: how many shares went (or moved) with the account. */
export interface AccountRemoval {
  pastes: number;
  files: number;
}

/** POST /api/admin/accounts: with a password, or `invite: true` for a one-time link. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) =>
      apiRequest<AccountWithInvite>('/admin/accounts', { method: 'POST', body }),
    onSuccess: () => invalidateAccounts(queryClient),
  });
}

/** PUT /api/admin/accounts/{id}: settings, name, role, the disabled switch. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAccountBody }) =>
      apiRequest<AccountItem>(accountPath(id), { method: 'PUT', body }),
    onSuccess: () => invalidateAccounts(queryClient),
  });
}

/** POST /api/admin/accounts/{id}/password: a new password or a new invitation; sessions end. */
export function useResetAccountPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResetAccountPasswordBody }) =>
      apiRequest<AccountWithInvite>(`${accountPath(id)}/password`, { method: 'POST', body }),
    onSuccess: () => invalidateAccounts(queryClient),
  });
}

/** DELETE /api/admin/accounts/{id}?shares=delete|transfer&to=… */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, query }: { id: string; query: DeleteAccountQuery }) => {
      const params = new URLSearchParams({ shares: query.shares });
      if (query.shares === 'transfer' && query.to) {
        params.set('to', query.to);
      }
      return apiRequest<AccountRemoval>(`${accountPath(id)}?${params.toString()}`, {
        method: 'DELETE',
      });
    },
    onSuccess: () => invalidateAfterAccountRemoval(queryClient),
  });
}
