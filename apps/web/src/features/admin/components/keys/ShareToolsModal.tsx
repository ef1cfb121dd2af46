import { Modal, Stack, Text } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { useTranslation } from 'react-i18next';
import { ShareToolsPanel } from './ShareToolsPanel';

/** A key's screenshot and share tool configurations, opened from its row. */
export function ShareToolsModal({
  item,
  onClose,
}: {
  item: ApiKeyItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('keys.tools.title', { name: item?.name ?? '' })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {item && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('keys.tools.intro')}
          </Text>
          <ShareToolsPanel item={item} />
        </Stack>
      )}
    </Modal>
  );
}
