import { Anchor, Button, Divider, Stack } from '@mantine/core';
import type { SsoLoginInfo } from '@pastebox/contract/schemas/sso';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ssoStartUrl } from '@/features/auth/api/sso';
import { AdminLoginForm } from './AdminLoginForm';

/** Where to come back to: the admin page the visitor opened, else the panel's start. */
function useReturnTo(): string {
  const { pathname, search } = useLocation();
  return pathname.startsWith('/admin') ? `${pathname}${search}` : '/admin';
}

/**
 * The account mode of the login form (issue 32): "Sign in with <provider>" above the
 * password form when single sign-on is on; with hide_password_form the password form waits
 * behind a link (an admin without SSO access must still be able to get in).
 */
export function AccountSignIn({ sso }: { sso?: SsoLoginInfo | undefined }) {
  const { t } = useTranslation();
  const returnTo = useReturnTo();
  const [passwordShown, setPasswordShown] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [inStep, setInStep] = useState(false);
  if (!sso?.enabled) {
    return <AdminLoginForm />;
  }
  const name = sso.name.trim() || t('login.sso.defaultName');
  const start = () => {
    setLeaving(true);
    // A full page navigation: the provider's pages are not the app's to fetch.
    window.location.assign(ssoStartUrl(returnTo));
  };
  const showForm = !sso.hide_password_form || passwordShown;
  // While a second step is asked for, it alone is on the card; the form keeps its place in
  // the tree (the step is its state), only the provider's button and the divider go.
  return (
    <Stack gap="md">
      {!inStep && (
        <Button
          fullWidth
          size="md"
          variant={showForm ? 'default' : 'filled'}
          loading={leaving}
          leftSection={<IconBuildingSkyscraper size={18} stroke={1.7} aria-hidden />}
          onClick={start}
        >
          {t('login.sso.button', { name })}
        </Button>
      )}
      {showForm ? (
        <>
          {!inStep && <Divider label={t('login.sso.or')} labelPosition="center" />}
          <AdminLoginForm onStepChange={setInStep} />
        </>
      ) : (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => setPasswordShown(true)}
        >
          {t('login.sso.usePassword')}
        </Anchor>
      )}
    </Stack>
  );
}
