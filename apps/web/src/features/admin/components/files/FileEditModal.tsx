import { Alert, Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useFile } from '@/features/admin/api/get-file';
import { FileEditForm } from './FileEditForm';

/** Loads the share fresh and edits it. */
export function FileEditModal({ fileId, onClose }: { fileId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const file = useFile(fileId);
  return (
    <Modal
      opened={fileId !== null}
      onClose={onClose}
      title={t('files.edit.title', { name: file.data?.filename ?? '' })}
      size="lg"
    >
      {file.isPending && (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {file.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, file.error)}
        </Alert>
      )}
      {file.data && (
        <FileEditForm
          key={`${file.data.id}:${file.data.updated_at}`}
          file={file.data}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
