import { Alert, Button } from '@mantine/core';
import { IconLock, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';

/** Whether the current visitor may create a text share (SPEC §6). */
export function useCanCreateText(): boolean {
  const auth = useAuth();
  return auth.authType === 'admin' || (auth.authType === 'apikey' && auth.permissions.text);
}

/**
 * Explains why creating is unavailable: nobody is signed in (with a way to the login), or
 * the signed-in API key lacks text permission. Renders nothing when creating is allowed.
 */
export function AuthNotice() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.authType === 'none') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconLogin size={20} />}
        title={t('editor.auth.signInTitle')}
      >
        {t('editor.auth.signInBody')}
        <Button component={Link} to="/admin" size="xs" mt="sm" display="block" w="fit-content">
          {t('editor.auth.signIn')}
        </Button>
      </Alert>
    );
  }
  if (auth.authType === 'apikey' && !auth.permissions.text) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconLock size={20} />}
        title={t('editor.auth.noTextTitle')}
      >
        {t('editor.auth.noTextBody')}
      </Alert>
    );
  }
  return null;
}
