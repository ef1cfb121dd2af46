import { Alert, Button, Group } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';

export interface DraftOfferProps {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers back a draft saved less than 24 h ago (SPEC §4). */
export function DraftOffer({ savedAt, onRestore, onDiscard }: DraftOfferProps) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconRestore size={20} />}
      title={t('editor.draft.offerTitle')}
    >
      {t('editor.draft.offerBody', {
        time: formatDateTime(savedAt, i18n.language),
      })}
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={onRestore}>
          {t('editor.draft.restore')}
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          {t('editor.draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
