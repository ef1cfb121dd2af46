import { Alert, Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { usePaste } from '@/features/admin/api/get-paste';
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
    <Modal
      opened={pasteId !== null}
      onClose={onClose}
      title={t('texts.edit.title', { slug: paste.data?.slug ?? '' })}
      size="xl"
    >
      {paste.isPending && (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {paste.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, paste.error)}
        </Alert>
      )}
      {paste.data && (
        <PasteEditForm
          key={`${paste.data.id}:${paste.data.updatedAt}`}
          paste={paste.data}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
