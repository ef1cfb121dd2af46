import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateAvailable } from '../hooks/use-update-available';
import { applyUpdate, postponeUpdate } from '../service-worker';
import { PromptCard } from './PromptCard';

/** SPEC §2 update-available prompt: a new version waits until the user reloads. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  if (!useUpdateAvailable()) {
    return null;
  }
  return (
    <PromptCard
      icon={<IconRefresh size={20} stroke={1.6} />}
      title={t('pwa.update.title')}
      body={t('pwa.update.body')}
      actions={
        <>
          <Button size="xs" onClick={applyUpdate}>
            {t('pwa.update.reload')}
          </Button>
          <Button size="xs" variant="default" onClick={postponeUpdate}>
            {t('pwa.update.later')}
          </Button>
        </>
      }
    />
  );
}
