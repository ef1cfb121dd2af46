import type { BundleSummary } from '@pastebox/contract/schemas/bundle';
import { useTranslation } from 'react-i18next';
import { ShareActions } from '@/features/admin/components/shared/ShareActions';
import { appUrl } from '@/lib/backend';

export interface BundleActionHandlers {
  onView: (id: string) => void;
  onEdit: (id: string) => void;
  onQr: (bundle: BundleSummary) => void;
  onDelete: (bundle: BundleSummary) => void;
}

/** The name a bundle goes by in labels: its title, else its link suffix. */
export function bundleName(bundle: { title: string | null; slug: string }): string {
  return bundle.title || bundle.slug;
}

/** View, copy link, QR, edit and delete of one bundle, each named after it. */
export function BundleActions({
  bundle,
  onView,
  onEdit,
  onQr,
  onDelete,
}: BundleActionHandlers & { bundle: BundleSummary }) {
  const { t } = useTranslation();
  const name = { name: bundleName(bundle) };
  return (
    <ShareActions
      open={{
        tooltip: t('bundles.actions.view'),
        label: t('bundles.actions.viewOf', name),
        onClick: () => onView(bundle.id),
      }}
      link={{
        url: appUrl(`/b/${encodeURIComponent(bundle.slug)}`),
        label: t('bundles.actions.copyLinkOf', name),
      }}
      qr={{
        tooltip: t('bundles.actions.qr'),
        label: t('bundles.actions.qrOf', name),
        onClick: () => onQr(bundle),
      }}
      edit={{ label: t('bundles.actions.editOf', name), onClick: () => onEdit(bundle.id) }}
      remove={{ label: t('bundles.actions.deleteOf', name), onClick: () => onDelete(bundle) }}
    />
  );
}
