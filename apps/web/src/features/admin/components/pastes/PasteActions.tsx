import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface PasteActionHandlers {
  onView: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (paste: PasteListItem) => void;
}

/** View, edit and delete buttons of one share, each named after its slug. */
export function PasteActions({
  paste,
  onView,
  onEdit,
  onDelete,
}: PasteActionHandlers & { paste: PasteListItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('common.view')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('texts.viewPaste', { slug: paste.slug })}
          onClick={() => onView(paste.id)}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.edit')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('texts.editPaste', { slug: paste.slug })}
          onClick={() => onEdit(paste.id)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('texts.deletePaste', { slug: paste.slug })}
          onClick={() => onDelete(paste)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
