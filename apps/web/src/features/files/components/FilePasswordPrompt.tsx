import { Button, Center, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';

export interface FilePasswordPromptProps {
  filename: string;
  /** Tries the password; rejects with the API's error (WRONG_PASSWORD, RATE_LIMITED…). */
  unlock: (password: string) => Promise<unknown>;
}

/**
 * Asks for a protected file's password; Enter submits. A wrong password shows the
 * translated error and keeps the form ready for another try; nobody is signed out.
 */
export function FilePasswordPrompt({ filename, unlock }: FilePasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('file.password.required'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await unlock(password);
    } catch (caught) {
      setError(errorMessage(t, caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Center py={{ base: 'md', sm: 60 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Stack gap={6} align="center" ta="center">
              <ThemeIcon size={48} radius="xl" variant="light" color="orange">
                <IconLock size={26} />
              </ThemeIcon>
              <Title order={3}>{t('file.password.title')}</Title>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {filename}
              </Text>
              <Text size="sm" c="dimmed">
                {t('file.password.body')}
              </Text>
            </Stack>
            <PasswordInput
              label={t('file.password.label')}
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoFocus
              autoComplete="off"
              visibilityToggleButtonProps={{ 'aria-label': t('file.password.toggle') }}
            />
            <Button type="submit" loading={pending} fullWidth>
              {t('file.password.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
