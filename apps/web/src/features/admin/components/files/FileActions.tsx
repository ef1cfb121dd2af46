import { Group } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { IconEye, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import {
  DeleteAction,
  EditAction,
  IconAction,
} from '@/features/admin/components/shared/IconAction';
import { appUrl } from '@/lib/backend';

export interface FileActionHandlers {
  onPreview: (id: string) => void;
  onEdit: (id: string) => void;
  onQr: (file: FileShare) => void;
  onDelete: (file: FileShare) => void;
}

/** Preview, copy link, QR, edit and delete of one share, each named after its file. */
export function FileActions({
  file,
  onPreview,
  onEdit,
  onQr,
  onDelete,
}: FileActionHandlers & { file: FileShare }) {
  const { t } = useTranslation();
  const name = { name: file.filename };
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <IconAction
        tooltip={t('files.preview')}
        label={t('files.previewFile', name)}
        icon={<IconEye size={18} />}
        onClick={() => onPreview(file.id)}
      />
      <CopyIconButton text={appUrl(`/file/${file.slug}`)} label={t('files.copyLinkOf', name)} />
      <IconAction
        tooltip={t('files.qr')}
        label={t('files.qrOf', name)}
        icon={<IconQrcode size={18} />}
        onClick={() => onQr(file)}
      />
      <EditAction label={t('files.editFile', name)} onClick={() => onEdit(file.id)} />
      <DeleteAction label={t('files.deleteFile', name)} onClick={() => onDelete(file)} />
    </Group>
  );
}
