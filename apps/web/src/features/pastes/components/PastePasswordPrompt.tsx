import { useTranslation } from 'react-i18next';
import { SharePasswordPrompt } from '@/components/SharePasswordPrompt';

export interface PastePasswordPromptProps {
  /** Tries the password; rejects with the API's error (WRONG_PASSWORD, RATE_LIMITED…). */
  unlock: (password: string) => Promise<unknown>;
}

/** The password prompt of a protected paste. */
export function PastePasswordPrompt({ unlock }: PastePasswordPromptProps) {
  const { t } = useTranslation();
  const texts = {
    title: t('paste.password.title'),
    body: t('paste.password.body'),
    label: t('paste.password.label'),
    toggle: t('paste.password.toggle'),
    submit: t('paste.password.submit'),
    required: t('paste.password.required'),
  };
  return <SharePasswordPrompt texts={texts} unlock={unlock} />;
}
