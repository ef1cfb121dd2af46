import { Group } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DeleteAction,
  EditAction,
  IconAction,
} from '@/features/admin/components/shared/IconAction';

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
  const slug = { slug: paste.slug };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <IconAction
        tooltip={t('common.view')}
        label={t('texts.viewPaste', slug)}
        icon={<IconEye size={18} />}
        onClick={() => onView(paste.id)}
      />
      <EditAction label={t('texts.editPaste', slug)} onClick={() => onEdit(paste.id)} />
      <DeleteAction label={t('texts.deletePaste', slug)} onClick={() => onDelete(paste)} />
    </Group>
  );
}
