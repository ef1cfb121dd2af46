import { useTranslation } from 'react-i18next';
import { useBundle } from '@/features/admin/api/get-bundle';
import { QueryModal } from '@/features/admin/components/shared/QueryModal';
import { BundleEditForm } from './BundleEditForm';

/** Loads the bundle fresh and edits it. */
export function BundleEditModal({
  bundleId,
  onClose,
}: {
  bundleId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const bundle = useBundle(bundleId);
  const name = bundle.data ? bundle.data.title || bundle.data.slug : '';
  return (
    <QueryModal
      opened={bundleId !== null}
      onClose={onClose}
      title={t('bundles.edit.title', { name })}
      size="lg"
      query={bundle}
    >
      {(data) => (
        <BundleEditForm key={`${data.id}:${data.updated_at}`} bundle={data} onDone={onClose} />
      )}
    </QueryModal>
  );
}
