import { useTranslation } from 'react-i18next';
import { useFile } from '@/features/admin/api/get-file';
import { QueryModal } from '@/features/admin/components/shared/QueryModal';
import { FileEditForm } from './FileEditForm';

/** Loads the share fresh and edits it. */
export function FileEditModal({ fileId, onClose }: { fileId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const file = useFile(fileId);
  return (
    <QueryModal
      opened={fileId !== null}
      onClose={onClose}
      title={t('files.edit.title', { name: file.data?.filename ?? '' })}
      size="lg"
      query={file}
    >
      {(data) => (
        <FileEditForm key={`${data.id}:${data.updated_at}`} file={data} onDone={onClose} />
      )}
    </QueryModal>
  );
}
