import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { IconPencil, IconPlugConnected, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface StorageActionHandlers {
  onTest: (config: StorageConfigItem) => void;
  onEdit: (config: StorageConfigItem) => void;
  onSetDefault: (config: StorageConfigItem) => void;
  onDelete: (config: StorageConfigItem) => void;
  /** The config whose test is running, if any. */
  testingId: string | null;
}

/** Test, make default, edit and delete of one config, each named after it. */
export function StorageActions({
  config,
  onTest,
  onEdit,
  onSetDefault,
  onDelete,
  testingId,
}: StorageActionHandlers & { config: StorageConfigItem }) {
  const { t } = useTranslation();
  const name = { name: config.name };
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('storage.test')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('storage.testConfig', name)}
          loading={testingId === config.id}
          onClick={() => onTest(config)}
        >
          <IconPlugConnected size={18} />
        </ActionIcon>
      </Tooltip>
      {!config.is_default && (
        <Tooltip label={t('storage.setDefault')}>
          <ActionIcon
            variant="subtle"
            color="yellow"
            aria-label={t('storage.setDefaultConfig', name)}
            onClick={() => onSetDefault(config)}
          >
            <IconStar size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('common.edit')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('storage.editConfig', name)}
          onClick={() => onEdit(config)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('storage.deleteConfig', name)}
          onClick={() => onDelete(config)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
