import { Group } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { useTranslation } from 'react-i18next';
import { DeleteAction, EditAction } from '@/features/admin/components/shared/IconAction';

export interface KeyActionHandlers {
  onEdit: (item: ApiKeyItem) => void;
  onDelete: (item: ApiKeyItem) => void;
}

/** Edit and delete buttons of one key, named after it. */
export function KeyActions({ item, onEdit, onDelete }: KeyActionHandlers & { item: ApiKeyItem }) {
  const { t } = useTranslation();
  const name = { name: item.name };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <EditAction label={t('keys.editKey', name)} onClick={() => onEdit(item)} />
      <DeleteAction label={t('keys.deleteKey', name)} onClick={() => onDelete(item)} />
    </Group>
  );
}
