import type { LoginBody, LoginResult } from '@pastebox/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';

/** A login answer the client cannot use (SPEC §5: an answer without a token is an error). */
export class LoginResponseError extends Error {
  constructor() {
    super('bad response format');
    this.name = 'LoginResponseError';
  }
}

/**
 * POST /api/admin/login. Sent without credentials, so a stale stored token can neither
 * accompany the attempt nor be signed out by its failure.
 */
export async function loginAdmin(body: LoginBody): Promise<LoginResult> {
  const result = await apiRequest<LoginResult | null>('/admin/login', {
    method: 'POST',
    body,
    anonymous: true,
  });
  if (!result || typeof result.token !== 'string' || result.token === '') {
    throw new LoginResponseError();
  }
  return result;
}

/** Logs the admin in and stores the token (auth state none → admin, SPEC §4). */
export function useAdminLogin() {
  return useMutation({
    mutationFn: loginAdmin,
    onSuccess: (result) => authStore.signInAdmin(result.token),
  });
}
