import type {
  AppPasswordItem,
  CreatedAppPassword,
  RecoveryCodes,
  TwoFactorOverview,
} from '@pastebox/contract/schemas/two-factors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Under the account root, so signing out drops it with the rest of the account. */
export const twoFactorKey = [...queryKeys.account.all, 'two-factor'] as const;

/** GET /api/account/two-factor: the factors, recovery codes left, app passwords. */
export function useTwoFactorOverview() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: () => apiRequest<TwoFactorOverview>('/account/two-factor'),
  });
}

/**
 * After a change to the factors: the overview, and the sessions — adding or removing a
 * factor ends the account's other sessions on the server.
 */
export function useRefreshFactors() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
    ]);
}

const deleteWithPassword = (path: string, password: string) =>
  apiRequest<null>(path, { method: 'DELETE', body: { password } });

/** DELETE /api/account/totp (current password), POST /api/account/recovery-codes. */
export function usePasswordGuardedCalls() {
  const refresh = useRefreshFactors();
  return {
    removeTotp: useMutation({
      mutationFn: (password: string) => deleteWithPassword('/account/totp', password),
      onSuccess: refresh,
    }),
    renewCodes: useMutation({
      mutationFn: (password: string) =>
        apiRequest<RecoveryCodes>('/account/recovery-codes', {
          method: 'POST',
          body: { password },
        }),
      onSuccess: refresh,
    }),
  };
}

/** DELETE /api/account/passkeys/{id}. */
export function useRemovePasskey() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/account/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/** App passwords for WebDAV: create (answered once) and delete. */
export function useAppPasswordCalls() {
  const refresh = useRefreshFactors();
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        apiRequest<CreatedAppPassword>('/account/app-passwords', {
          method: 'POST',
          body: { name },
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (item: AppPasswordItem) =>
        apiRequest<null>(`/account/app-passwords/${encodeURIComponent(item.id)}`, {
          method: 'DELETE',
        }),
      onSettled: refresh,
    }),
  };
}
