import type { AccountMe } from '@pastebox/contract/schemas/account';
import type { LoginBody, LoginResult } from '@pastebox/contract/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { memberInfoOf } from '@/lib/auth/validate';

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

/**
 * A member's rights and base path (issue 32), read with the new token before it becomes the
 * session's: a failure here leaves the previous credentials as they were.
 */
export function readMember(token: string): Promise<AccountMe> {
  return apiRequest<AccountMe>('/account', { authorization: `Bearer ${token}` });
}

/**
 * Signs an account in and stores the token: none → admin (SPEC §4), or none → member when
 * the answer's role says so (issue 32).
 */
export async function signInAccount(body: LoginBody): Promise<LoginResult> {
  const result = await loginAdmin(body);
  await storeSession(result);
  return result;
}

/**
 * Makes a session the signed-in one, by its role: the password form's answer, or the one
 * single sign-on hands over in /sso/complete's fragment (issue 32).
 */
export async function storeSession(session: Pick<LoginResult, 'token' | 'role'>): Promise<void> {
  if (session.role === 'member') {
    const me = await readMember(session.token);
    authStore.signInMember(session.token, memberInfoOf(me), me.permissions);
  } else {
    authStore.signInAdmin(session.token);
  }
}

/** The login form's mutation. */
export function useAdminLogin() {
  return useMutation({ mutationFn: signInAccount });
}
