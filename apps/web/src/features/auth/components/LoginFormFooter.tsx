import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { loginErrorMessage } from './login-error';

/** Why the last attempt failed (SPEC §8 login errors), and the submit button. */
export function LoginFormFooter({
  login,
}: {
  /** The login mutation's state. */
  login: { isError: boolean; error: unknown; isPending: boolean };
}) {
  const { t } = useTranslation();
  return (
    <>
      {login.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Text size="sm">{loginErrorMessage(t, login.error)}</Text>
        </Alert>
      )}
      <Button
        type="submit"
        fullWidth
        loading={login.isPending}
        leftSection={<IconLogin2 size={18} />}
      >
        {t('login.submit')}
      </Button>
    </>
  );
}
