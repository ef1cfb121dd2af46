import type { AccountMe } from '@pastebox/contract/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { memberInfoOf } from '@/lib/auth/validate';
import { queryKeys } from '@/lib/query-keys';

export interface ProfileBody {
  display_name?: string;
  email?: string;
}

/** PUT /api/account/profile: display name and e-mail; answers the account as it now is. */
export function updateProfile(body: ProfileBody): Promise<AccountMe> {
  return apiRequest<AccountMe>('/account/profile', { method: 'PUT', body });
}

/**
 * Saves the profile. A member's panel shows its display name, so the session's copy is
 * refreshed with the answer.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.account.me, me);
      const { authType, memberToken } = authStore.get();
      if (authType === 'member' && memberToken) {
        authStore.signInMember(memberToken, memberInfoOf(me), me.permissions);
      }
    },
  });
}
