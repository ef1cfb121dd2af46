import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { useBatchDeleteFiles } from '@/features/admin/api/batch-delete-files';
import { useDeleteFile } from '@/features/admin/api/delete-file';
import { useDeleteActions } from '@/features/admin/components/shared/use-delete-actions';

/** Deleting shares (and their stored objects), confirmed first and reported in a notification. */
export function useFileActions() {
  const { t } = useTranslation();
  const { busy, confirmDelete, confirmBatchDelete } = useDeleteActions({
    ns: 'files',
    deleteOne: useDeleteFile(),
    deleteMany: useBatchDeleteFiles(),
    itemTexts: (file: FileShare) => ({
      confirm: t('files.deleteConfirm', { name: file.filename }),
      deleted: t('files.deleted', { name: file.filename }),
    }),
  });
  return { busy, confirmDelete, confirmBatchDelete };
}
