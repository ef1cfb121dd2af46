import { useTranslation } from 'react-i18next';
import { usePaste } from '@/features/admin/api/get-paste';
import { QueryModal } from '@/features/admin/components/shared/QueryModal';
import { PasteEditForm } from './PasteEditForm';

interface PasteEditModalProps {
  pasteId: string | null;
  onClose: () => void;
}

/** Loads the full share (content included) and edits it. */
export function PasteEditModal({ pasteId, onClose }: PasteEditModalProps) {
  const { t } = useTranslation();
  const paste = usePaste(pasteId);
  return (
    <QueryModal
      opened={pasteId !== null}
      onClose={onClose}
      title={t('texts.edit.title', { slug: paste.data?.slug ?? '' })}
      size="xl"
      query={paste}
    >
      {(data) => (
        <PasteEditForm key={`${data.id}:${data.updatedAt}`} paste={data} onDone={onClose} />
      )}
    </QueryModal>
  );
}
