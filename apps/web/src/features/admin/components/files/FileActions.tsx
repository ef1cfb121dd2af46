import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { IconEye, IconPencil, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
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
      <Tooltip label={t('files.preview')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('files.previewFile', name)}
          onClick={() => onPreview(file.id)}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      <CopyIconButton text={appUrl(`/file/${file.slug}`)} label={t('files.copyLinkOf', name)} />
      <Tooltip label={t('files.qr')}>
        <ActionIcon variant="subtle" aria-label={t('files.qrOf', name)} onClick={() => onQr(file)}>
          <IconQrcode size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.edit')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('files.editFile', name)}
          onClick={() => onEdit(file.id)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('files.deleteFile', name)}
          onClick={() => onDelete(file)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
