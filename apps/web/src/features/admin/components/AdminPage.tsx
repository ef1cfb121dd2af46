import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_EVENTS } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { useEntryValidation } from '@/lib/auth/use-entry-validation';
import { SESSION_QUERY_ROOTS } from '@/lib/query-keys';
import { AdminPanel } from './AdminPanel';

/**
 * /admin and /admin/:module. It follows the auth state (SPEC §4, §8): whenever the user
 * signs out — by hand, after an account update, or because a 401 ended the session — the
 * `signIn` screen takes the panel's place and the cached admin data is dropped. The app
 * layer passes the auth feature's login screen in (features do not import each other).
 * A key's panel waits for the credential check of entering the route: its guard decides on
 * the permissions that check brings (see `useEntryValidation`).
 */
export function AdminPage({ signIn }: { signIn: ReactNode }) {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const checking = useEntryValidation();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (authType === 'none') {
      for (const queryKey of SESSION_QUERY_ROOTS) {
        queryClient.removeQueries({ queryKey });
      }
    }
  }, [authType, queryClient]);

  // SPEC §8: say why the login screen came back when the server ended the session.
  useEffect(() => {
    const show = (message: string) =>
      notifications.show({ id: 'session-ended', color: 'orange', message, autoClose: 6000 });
    const onAdminExpired = () => show(t('errors.INVALID_TOKEN'));
    const onKeyInvalid = () => show(t('errors.API_KEY_INVALID'));
    window.addEventListener(AUTH_EVENTS.adminExpired, onAdminExpired);
    window.addEventListener(AUTH_EVENTS.apiKeyInvalid, onKeyInvalid);
    return () => {
      window.removeEventListener(AUTH_EVENTS.adminExpired, onAdminExpired);
      window.removeEventListener(AUTH_EVENTS.apiKeyInvalid, onKeyInvalid);
    };
  }, [t]);

  if (authType === 'none') {
    return signIn;
  }
  if (checking) {
    // The same centred loader as while the route's chunk loads, so the two waits read as one.
    return (
      <Center py="xl" role="status" aria-label={t('admin.checkingAccess')}>
        <Loader />
      </Center>
    );
  }
  return <AdminPanel />;
}
