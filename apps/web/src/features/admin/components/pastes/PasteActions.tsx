import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';
import { ShareActions } from '@/features/admin/components/shared/ShareActions';
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
  const name = { name: paste.slug };
  return (
    <ShareActions
      open={{
        tooltip: t('common.view'),
        label: t('texts.viewPaste', slug),
        onClick: () => onView(paste.id),
      }}
      link={{
        url: appUrl(`/paste/${encodeURIComponent(paste.slug)}`),
        label: t('links.copyLinkOf', name),
      }}
      qr={{ tooltip: t('links.qr'), label: t('links.qrOf', name), onClick: () => onQr(paste) }}
      edit={{ label: t('texts.editPaste', slug), onClick: () => onEdit(paste.id) }}
      remove={{ label: t('texts.deletePaste', slug), onClick: () => onDelete(paste) }}
    />
  );
}
