import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface KeyActionHandlers {
  onEdit: (item: ApiKeyItem) => void;
  onDelete: (item: ApiKeyItem) => void;
}

/** Edit and delete buttons of one key, named after it. */
export function KeyActions({ item, onEdit, onDelete }: KeyActionHandlers & { item: ApiKeyItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('common.edit')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('keys.editKey', { name: item.name })}
          onClick={() => onEdit(item)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('keys.deleteKey', { name: item.name })}
          onClick={() => onDelete(item)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
