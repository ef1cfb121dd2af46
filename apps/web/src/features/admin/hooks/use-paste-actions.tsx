import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useBatchDeletePastes } from '@/features/admin/api/batch-delete-pastes';
import { useClearExpiredPastes } from '@/features/admin/api/clear-expired-pastes';
import { useDeletePaste } from '@/features/admin/api/delete-paste';
import { useDeleteActions } from '@/features/admin/components/shared/use-delete-actions';

/** Destructive actions on shares, each confirmed first and reported in a notification. */
export function usePasteActions() {
  const { t } = useTranslation();
  const clearExpired = useClearExpiredPastes();
  const deletion = useDeleteActions({
    ns: 'texts',
    deleteOne: useDeletePaste(),
    deleteMany: useBatchDeletePastes(),
    itemTexts: (paste: { id: string; slug: string }) => ({
      confirm: t('texts.deleteConfirm', { slug: paste.slug }),
      deleted: t('texts.deleted', { slug: paste.slug }),
    }),
  });
  const { confirm, failed } = deletion;

  return {
    busy: deletion.busy || clearExpired.isPending,
    confirmDelete: deletion.confirmDelete,
    confirmBatchDelete: deletion.confirmBatchDelete,

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
