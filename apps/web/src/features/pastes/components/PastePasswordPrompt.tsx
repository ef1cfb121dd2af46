import { Button, Center, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';

export interface PastePasswordPromptProps {
  /** Tries the password; rejects with the API's error (WRONG_PASSWORD, RATE_LIMITED…). */
  unlock: (password: string) => Promise<unknown>;
}

/**
 * Asks for a protected share's password. A wrong password shows the translated error and
 * keeps the form ready for another try; nobody is signed out (SPEC §8).
 */
export function PastePasswordPrompt({ unlock }: PastePasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('paste.password.required'));
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
              <Title order={3}>{t('paste.password.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('paste.password.body')}
              </Text>
            </Stack>
            <PasswordInput
              label={t('paste.password.label')}
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoFocus
              autoComplete="off"
              visibilityToggleButtonProps={{ 'aria-label': t('paste.password.toggle') }}
            />
            <Button type="submit" loading={pending} fullWidth>
              {t('paste.password.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
