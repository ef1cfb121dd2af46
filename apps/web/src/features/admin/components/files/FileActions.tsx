import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { ShareActions } from '@/features/admin/components/shared/ShareActions';
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
    <ShareActions
      open={{
        tooltip: t('files.preview'),
        label: t('files.previewFile', name),
        onClick: () => onPreview(file.id),
      }}
      link={{ url: appUrl(`/file/${file.slug}`), label: t('files.copyLinkOf', name) }}
      qr={{ tooltip: t('files.qr'), label: t('files.qrOf', name), onClick: () => onQr(file) }}
      edit={{ label: t('files.editFile', name), onClick: () => onEdit(file.id) }}
      remove={{ label: t('files.deleteFile', name), onClick: () => onDelete(file) }}
    />
  );
}
