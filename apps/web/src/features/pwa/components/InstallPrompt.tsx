import { Button, CloseButton } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../hooks/use-install-prompt';
import { PromptCard } from './PromptCard';

/** SPEC §2 install prompt: dismissible, back after 7 days, hidden once installed. */
export function InstallPrompt() {
  const { t } = useTranslation();
  const { visible, install, dismiss } = useInstallPrompt();
  if (!visible) {
    return null;
  }
  return (
    <PromptCard
      icon={<IconDeviceMobileDown size={20} stroke={1.6} />}
      title={t('pwa.install.title')}
      body={t('pwa.install.body')}
      actions={
        <>
          <Button size="xs" onClick={() => void install()}>
            {t('pwa.install.action')}
          </Button>
          <Button size="xs" variant="default" onClick={dismiss}>
            {t('pwa.install.later')}
          </Button>
        </>
      }
      close={<CloseButton size="sm" aria-label={t('pwa.install.close')} onClick={dismiss} />}
    />
  );
}
