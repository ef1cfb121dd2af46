import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';
// The panel is the only place that signs people in, so it composes the auth feature's form.
import { LoginScreen } from '../../auth/components/LoginScreen';
import { ADMIN_SESSION_KEY } from '../api/get-admin-session';
import { API_KEYS_KEY } from '../api/get-api-keys';
import { MANAGED_PASTES_KEY } from '../api/paste-scope';
import { AdminPanel } from './AdminPanel';

/**
 * /admin and /admin/:module. It follows the auth state (SPEC §4, §8): whenever the user
 * signs out — by hand, after an account update, or because a 401 ended the session — the
 * login screen takes the panel's place and the cached admin data is dropped.
 */
export function AdminPage() {
  const { authType } = useAuth();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (authType === 'none') {
      for (const queryKey of [MANAGED_PASTES_KEY, API_KEYS_KEY, ADMIN_SESSION_KEY]) {
        queryClient.removeQueries({ queryKey });
      }
    }
  }, [authType, queryClient]);

  return authType === 'none' ? <LoginScreen /> : <AdminPanel />;
}
