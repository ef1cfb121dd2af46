import { Alert, Button } from '@mantine/core';
import { IconLock, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';

/** SPEC §6: uploading needs an admin login or a key with file permission. */
export function useCanUpload(): boolean {
  const auth = useAuth();
  return auth.authType === 'admin' || (auth.authType === 'apikey' && auth.permissions.file);
}

/** Why uploading is unavailable: not signed in (with a way to sign in), or no file permission. */
export function UploadAuthNotice() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.authType === 'apikey' && !auth.permissions.file) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconLock size={20} />}
        title={t('upload.auth.noFileTitle')}
      >
        {t('upload.auth.noFileBody')}
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLogin size={20} />}
      title={t('upload.auth.signInTitle')}
    >
      {t('upload.auth.signInBody')}
      <Button component={Link} to="/admin" size="xs" mt="sm" display="block" w="fit-content">
        {t('upload.auth.signIn')}
      </Button>
    </Alert>
  );
}
