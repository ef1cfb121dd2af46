import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';

/**
 * Ends the session: POST /api/admin/logout for the admin or a member (so the token dies on
 * the server too), then clears the local credentials. A key user only forgets the key locally. The
 * local sign-out happens even when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  const { authType } = authStore.get();
  if (authType === 'admin' || authType === 'member') {
    try {
      await apiRequest<null>('/admin/logout', { method: 'POST' });
    } catch {
      // An expired or unreachable session is gone for this browser all the same.
    }
  }
  if (authStore.get().authType !== 'none') {
    authStore.signOut();
  }
}

/** Logout as a mutation, for the sidebar button. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
