import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useBatchDeletePastes } from '../api/batch-delete-pastes';
import { useClearExpiredPastes } from '../api/clear-expired-pastes';
import { useDeletePaste } from '../api/delete-paste';

/** Destructive actions on shares, each confirmed first and reported in a notification. */
export function usePasteActions() {
  const { t } = useTranslation();
  const deleteOne = useDeletePaste();
  const deleteMany = useBatchDeletePastes();
  const clearExpired = useClearExpiredPastes();

  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });

  const confirm = (title: string, body: string, label: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: label, cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  return {
    busy: deleteOne.isPending || deleteMany.isPending || clearExpired.isPending,

    confirmDelete: (paste: { id: string; slug: string }) => {
      confirm(
        t('texts.deleteTitle'),
        t('texts.deleteConfirm', { slug: paste.slug }),
        t('common.delete'),
        () =>
          deleteOne.mutate(paste.id, {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: t('texts.deleted', { slug: paste.slug }),
              }),
            onError: failed,
          }),
      );
    },

    /** SPEC §8: a batch reports how many succeeded and how many failed. */
    confirmBatchDelete: (ids: string[], onDone: () => void) => {
      confirm(
        t('texts.batchDeleteTitle'),
        t('texts.batchDeleteConfirm', { count: ids.length }),
        t('common.delete'),
        () =>
          deleteMany.mutate(ids, {
            onSuccess: ({ deleted }) => {
              const missed = ids.length - deleted;
              notifications.show({
                color: missed > 0 ? 'orange' : 'green',
                message:
                  missed > 0
                    ? t('texts.batchDeletedPartly', { deleted, failed: missed })
                    : t('texts.batchDeleted', { count: deleted }),
              });
              onDone();
            },
            onError: failed,
          }),
      );
    },

    confirmClearExpired: () => {
      confirm(
        t('texts.clearExpiredTitle'),
        t('texts.clearExpiredConfirm'),
        t('texts.clearExpired'),
        () =>
          clearExpired.mutate(undefined, {
            onSuccess: ({ deleted }) =>
              notifications.show({
                color: 'green',
                message:
                  deleted > 0
                    ? t('texts.clearedExpired', { count: deleted })
                    : t('texts.noneExpired'),
              }),
            onError: failed,
          }),
      );
    },
  };
}
