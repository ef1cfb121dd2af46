import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';

/**
 * Any other path redirects to / (SPEC §2) — with a short toast, so a mistyped or stale link
 * does not land the visitor on the home page without a word. The fixed id keeps it to one
 * toast when the effect runs twice (React's strict mode).
 */
export function NotFoundRedirect() {
  const { t } = useTranslation();
  useEffect(() => {
    notifications.show({
      id: 'page-not-found',
      color: 'orange',
      message: t('adminPolish.notFound'),
      autoClose: 4000,
    });
  }, [t]);
  return <Navigate to="/" replace />;
}
