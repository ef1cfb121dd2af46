import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SharePasswordPrompt } from '@/components/SharePasswordPrompt';

export interface FilePasswordPromptProps {
  filename: string;
  /** Tries the password; rejects with the API's error (WRONG_PASSWORD, RATE_LIMITED…). */
  unlock: (password: string) => Promise<unknown>;
}

/** The password prompt of a protected file, naming the file. */
export function FilePasswordPrompt({ filename, unlock }: FilePasswordPromptProps) {
  const { t } = useTranslation();
  const texts = {
    title: t('file.password.title'),
    body: t('file.password.body'),
    label: t('file.password.label'),
    toggle: t('file.password.toggle'),
    submit: t('file.password.submit'),
    required: t('file.password.required'),
  };
  const subtitle = (
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {filename}
    </Text>
  );
  return <SharePasswordPrompt texts={texts} subtitle={subtitle} unlock={unlock} />;
}
