import { Group } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { IconEye, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import {
  DeleteAction,
  EditAction,
  IconAction,
} from '@/features/admin/components/shared/IconAction';
import { appUrl } from '@/lib/backend';

export interface PasteActionHandlers {
  onView: (id: string) => void;
  onEdit: (id: string) => void;
  onQr: (paste: { slug: string }) => void;
  onDelete: (paste: PasteListItem) => void;
}

/** View, copy link, QR, edit and delete buttons of one share, each named after its slug. */
export function PasteActions({
  paste,
  onView,
  onEdit,
  onQr,
  onDelete,
}: PasteActionHandlers & { paste: PasteListItem }) {
  const { t } = useTranslation();
  const slug = { slug: paste.slug };
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <IconAction
        tooltip={t('common.view')}
        label={t('texts.viewPaste', slug)}
        icon={<IconEye size={18} />}
        onClick={() => onView(paste.id)}
      />
      <CopyIconButton
        text={appUrl(`/paste/${encodeURIComponent(paste.slug)}`)}
        label={t('links.copyLinkOf', { name: paste.slug })}
      />
      <IconAction
        tooltip={t('links.qr')}
        label={t('links.qrOf', { name: paste.slug })}
        icon={<IconQrcode size={18} />}
        onClick={() => onQr(paste)}
      />
      <EditAction label={t('texts.editPaste', slug)} onClick={() => onEdit(paste.id)} />
      <DeleteAction label={t('texts.deletePaste', slug)} onClick={() => onDelete(paste)} />
    </Group>
  );
}
