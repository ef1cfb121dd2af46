import { Button, Center, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/** The words of one prompt, already translated by the feature that shows it. */
export interface SharePasswordTexts {
  title: string;
  body: string;
  label: string;
  toggle: string;
  submit: string;
  required: string;
}

export interface SharePasswordPromptProps {
  texts: SharePasswordTexts;
  /** Shown under the title, e.g. the protected file's name. */
  subtitle?: ReactNode;
  /** Tries the password; rejects with the API's error (WRONG_PASSWORD, RATE_LIMITED…). */
  unlock: (password: string) => Promise<unknown>;
}

/**
 * Asks for a protected share's password; Enter submits. A wrong password shows the
 * translated error and keeps the form ready for another try; nobody is signed out (SPEC §8).
 * Pastes and files both use it.
 */
export function SharePasswordPrompt({ texts, subtitle, unlock }: SharePasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(texts.required);
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
              <Title order={3}>{texts.title}</Title>
              {subtitle}
              <Text size="sm" c="dimmed">
                {texts.body}
              </Text>
            </Stack>
            <PasswordInput
              label={texts.label}
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoFocus
              autoComplete="off"
              visibilityToggleButtonProps={{ 'aria-label': texts.toggle }}
            />
            <Button type="submit" loading={pending} fullWidth>
              {texts.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
