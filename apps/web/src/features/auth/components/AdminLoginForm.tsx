import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLogin } from '../api/admin-login';
import { loginErrorMessage } from './login-error';

interface FieldErrors {
  username?: string;
  password?: string;
}

/** Username and password; Enter submits; both fields are required (SPEC §5). */
export function AdminLoginForm() {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {
      ...(username.trim() ? {} : { username: t('login.errors.usernameRequired') }),
      ...(password ? {} : { password: t('login.errors.passwordRequired') }),
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) {
      return;
    }
    login.mutate({ username: username.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          withAsterisk
          data-autofocus
          value={username}
          error={fieldErrors.username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          withAsterisk
          value={password}
          error={fieldErrors.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        />
        {login.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {loginErrorMessage(t, login.error)}
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
      </Stack>
    </form>
  );
}
