import { Group } from '@mantine/core';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { IconPlugConnected, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { configDisplayName } from '@/lib/storage-display-name';
import { EditAction, IconAction } from '@/features/admin/components/shared/IconAction';
import { StorageDeleteAction } from './StorageDeleteAction';
import { StorageRecountAction } from './StorageRecountAction';

export interface StorageActionHandlers {
  onTest: (config: StorageConfigItem) => void;
  onEdit: (config: StorageConfigItem) => void;
  onSetDefault: (config: StorageConfigItem) => void;
  onDelete: (config: StorageConfigItem) => void;
  onRecount: (config: StorageConfigItem) => void;
  /** The config whose test is running, if any. */
  testingId: string | null;
  /** The configs whose usage recount is running (several may run at once). */
  recountingIds: ReadonlySet<string>;
}

/**
 * Test, recount usage, make default, edit and delete of one config, each named after it;
 * delete is disabled, with the reason, when the server would refuse it.
 */
export function StorageActions({
  config,
  onTest,
  onEdit,
  onSetDefault,
  onDelete,
  onRecount,
  testingId,
  recountingIds,
}: StorageActionHandlers & { config: StorageConfigItem }) {
  const { t } = useTranslation();
  const name = { name: configDisplayName(t, config) };
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <IconAction
        tooltip={t('storage.test')}
        label={t('storage.testConfig', name)}
        icon={<IconPlugConnected size={18} />}
        loading={testingId === config.id}
        onClick={() => onTest(config)}
      />
      <StorageRecountAction
        name={name.name}
        busy={recountingIds.has(config.id)}
        onRecount={() => onRecount(config)}
      />
      {!config.is_default && (
        <IconAction
          tooltip={t('storage.setDefault')}
          label={t('storage.setDefaultConfig', name)}
          icon={<IconStar size={18} />}
          color="yellow"
          onClick={() => onSetDefault(config)}
        />
      )}
      <EditAction label={t('storage.editConfig', name)} onClick={() => onEdit(config)} />
      <StorageDeleteAction
        config={config}
        label={t('storage.deleteConfig', name)}
        onDelete={() => onDelete(config)}
      />
    </Group>
  );
}
