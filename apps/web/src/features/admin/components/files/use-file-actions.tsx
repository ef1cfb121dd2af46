import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useBatchDeleteFiles } from '@/features/admin/api/batch-delete-files';
import { useDeleteFile } from '@/features/admin/api/delete-file';

/** Deleting shares (and their stored objects), confirmed first and reported in a notification. */
export function useFileActions() {
  const { t } = useTranslation();
  const deleteOne = useDeleteFile();
  const deleteMany = useBatchDeleteFiles();

  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });

  const confirm = (title: string, body: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  return {
    busy: deleteOne.isPending || deleteMany.isPending,

    confirmDelete: (file: FileShare) =>
      confirm(t('files.deleteTitle'), t('files.deleteConfirm', { name: file.filename }), () =>
        deleteOne.mutate(file.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('files.deleted', { name: file.filename }),
            }),
          onError: failed,
        }),
      ),

    /** SPEC §8: a batch reports how many succeeded and how many failed. */
    confirmBatchDelete: (ids: string[], onDone: () => void) =>
      confirm(
        t('files.batchDeleteTitle'),
        t('files.batchDeleteConfirm', { count: ids.length }),
        () =>
          deleteMany.mutate(ids, {
            onSuccess: ({ deleted, failed: kept }) => {
              const missed = Math.max(kept, ids.length - deleted);
              notifications.show({
                color: missed > 0 ? 'orange' : 'green',
                message:
                  missed > 0
                    ? t('files.batchDeletedPartly', { deleted, failed: missed })
                    : t('files.batchDeleted', { count: deleted }),
              });
              onDone();
            },
            onError: failed,
          }),
      ),
  };
}
