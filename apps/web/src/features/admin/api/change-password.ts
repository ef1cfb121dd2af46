import type { ChangePasswordBody } from '@pastebox/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/admin/change-password. The server revokes every session on success, so the
 * caller signs out (SPEC §4: after an admin account update the user is logged out). A wrong
 * current password answers VERIFICATION_FAILED, which does not log out.
 */
export function changeAdminAccount(body: ChangePasswordBody): Promise<{ username: string }> {
  return apiRequest<{ username: string }>('/admin/change-password', { method: 'POST', body });
}

/** The account update as a mutation; the caller signs out on success. */
export function useChangeAdminAccount() {
  return useMutation({ mutationFn: changeAdminAccount });
}
