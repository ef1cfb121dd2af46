import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { storeSession } from '@/features/auth/api/admin-login';
import { safeReturnPath } from '@/features/auth/api/sso';
import { parseSsoFragment } from './sso-fragment';

/**
 * /sso/complete (issue 32): where the server's SSO callback lands. The session token
 * arrives in the fragment; it leaves the address bar (and so history and bookmarks) at
 * once, becomes the session exactly as a password sign-in would, and the person goes on to
 * where they were headed.
 */
export function SsoCompletePage() {
  const { t } = useTranslation();
  usePageTitle(t('login.sso.completeTitle'));
  const navigate = useNavigate();
  // Read once: the fragment is cleared right after, and a re-render must not see it gone.
  const [outcome] = useState(() => parseSsoFragment(window.location.hash));
  const [failure, setFailure] = useState<unknown>(
    outcome.kind === 'error' ? new AppError(400, outcome.key, outcome.key) : null,
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) {
      return; // StrictMode runs effects twice; a session is stored once.
    }
    started.current = true;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    if (outcome.kind !== 'session') {
      return;
    }
    storeSession(outcome).then(
      () => void navigate(safeReturnPath(outcome.returnTo), { replace: true }),
      setFailure,
    );
  }, [outcome, navigate]);

  if (!failure) {
    return (
      <Center py={60}>
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>{t('login.sso.completing')}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Title order={1} size="h2" ta="center">
            {t('login.sso.failedTitle')}
          </Title>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {ssoErrorMessage(t, failure)}
          </Alert>
          <Button component={Link} to="/admin" leftSection={<IconArrowLeft size={18} />}>
            {t('login.sso.backToSignIn')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** A refusal's own message, or SSO_FAILED's for a key this app does not know. */
function ssoErrorMessage(t: TFunction, failure: unknown): string {
  if (failure instanceof AppError && failure.key) {
    const known = t(`errors.${failure.key}` as 'errors.SSO_FAILED', { defaultValue: '' });
    return known || t('errors.SSO_FAILED');
  }
  return errorMessage(t, failure);
}
