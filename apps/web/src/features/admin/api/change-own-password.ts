import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface OwnPasswordBody {
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/account/password (issue 32). The server ends every session of the account, this
 * one included, so the caller signs out on success. A wrong current password answers 401
 * VERIFICATION_FAILED, which does not sign out (as the admin's change-password, SPEC §4).
 */
export function changeOwnPassword(body: OwnPasswordBody): Promise<null> {
  return apiRequest<null>('/account/password', { method: 'POST', body });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
