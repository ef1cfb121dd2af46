import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { ShareActions } from '@/features/admin/components/shared/ShareActions';
import { appUrl } from '@/lib/backend';

export interface FileActionHandlers {
  onPreview: (id: string) => void;
  onEdit: (id: string) => void;
  onQr: (file: FileShare) => void;
  onDelete: (file: FileShare) => void;
  /** A private file's "Share it": opens its link to everyone, in one step. */
  onShare: (file: FileShare) => void;
  /** A private file's link or QR button: says why there is no link yet, offers to share. */
  onPrivateLink: (file: FileShare) => void;
}

/**
 * Preview, copy link, QR, edit and delete of one share, each named after its file. A
 * private file's link and QR buttons say it is private rather than hand out a link that
 * opens for nobody else.
 */
export function FileActions({
  file,
  onPreview,
  onEdit,
  onQr,
  onDelete,
  onPrivateLink,
}: Omit<FileActionHandlers, 'onShare'> & { file: FileShare }) {
  const { t } = useTranslation();
  const name = { name: file.filename };
  const held = () => onPrivateLink(file);
  return (
    <ShareActions
      open={{
        tooltip: t('files.preview'),
        label: t('files.previewFile', name),
        onClick: () => onPreview(file.id),
      }}
      link={
        file.private
          ? {
              tooltip: t('privateShares.linkPrivate'),
              label: t('privateShares.linkPrivateOf', name),
              onClick: held,
            }
          : { url: appUrl(`/file/${file.slug}`), label: t('files.copyLinkOf', name) }
      }
      qr={
        file.private
          ? {
              tooltip: t('privateShares.linkPrivate'),
              label: t('privateShares.qrPrivateOf', name),
              onClick: held,
            }
          : { tooltip: t('files.qr'), label: t('files.qrOf', name), onClick: () => onQr(file) }
      }
      edit={{ label: t('files.editFile', name), onClick: () => onEdit(file.id) }}
      remove={{ label: t('files.deleteFile', name), onClick: () => onDelete(file) }}
    />
  );
}
