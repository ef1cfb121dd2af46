import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminLogin } from '@/features/auth/api/admin-login';
import { LoginFormFooter } from './LoginFormFooter';

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
        <LoginFormFooter login={login} />
      </Stack>
    </form>
  );
}
