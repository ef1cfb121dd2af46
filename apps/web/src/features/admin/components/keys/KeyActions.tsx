import { Group } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { IconScreenshot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DeleteAction,
  EditAction,
  IconAction,
} from '@/features/admin/components/shared/IconAction';
import { keyFitsShareTools } from './share-tool-target';

export interface KeyActionHandlers {
  onEdit: (item: ApiKeyItem) => void;
  /** Opens the key's screenshot and share tool configurations. */
  onTools: (item: ApiKeyItem) => void;
  onDelete: (item: ApiKeyItem) => void;
}

/** Share tools (when a tool can use the key), edit and delete buttons of one key, named after it. */
export function KeyActions({
  item,
  onEdit,
  onTools,
  onDelete,
}: KeyActionHandlers & { item: ApiKeyItem }) {
  const { t } = useTranslation();
  const name = { name: item.name };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {keyFitsShareTools(item) && (
        <IconAction
          tooltip={t('keys.tools.action')}
          label={t('keys.tools.actionOf', name)}
          icon={<IconScreenshot size={18} />}
          onClick={() => onTools(item)}
        />
      )}
      <EditAction label={t('keys.editKey', name)} onClick={() => onEdit(item)} />
      <DeleteAction label={t('keys.deleteKey', name)} onClick={() => onDelete(item)} />
    </Group>
  );
}
