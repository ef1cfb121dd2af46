import { PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiKeyLogin } from '@/features/auth/api/verify-api-key';
import { LoginFormFooter } from './LoginFormFooter';

/** Sign-in with an API key, verified by the server before it is stored (SPEC §5). */
export function ApiKeyLoginForm() {
  const { t } = useTranslation();
  const login = useApiKeyLogin();
  const [apiKey, setApiKey] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    if (!key) {
      setFieldError(t('login.errors.apiKeyRequired'));
      return;
    }
    setFieldError(null);
    login.mutate(key);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('login.apiKey')}
          placeholder={t('login.apiKeyPlaceholder')}
          description={t('login.apiKeyHint')}
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          data-autofocus
          value={apiKey}
          error={fieldError}
          onChange={(event) => setApiKey(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.toggleApiKey') }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <LoginFormFooter login={login} />
      </Stack>
    </form>
  );
}
