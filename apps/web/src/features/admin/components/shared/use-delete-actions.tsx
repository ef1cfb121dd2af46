import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import type { ShareNamespace } from './ShareEditFields';

/** What a batch delete answers; `failed` counts shares kept because their object stayed. */
interface BatchResult {
  deleted: number;
  failed?: number;
}

interface DeleteActionsOptions<T extends { id: string }> {
  /** Bundles delete through their own dialog (their files may go too). */
  ns: Exclude<ShareNamespace, 'bundles'>;
  deleteOne: UseMutationResult<unknown, Error, string>;
  deleteMany: UseMutationResult<BatchResult, Error, string[]>;
  /** One item's confirmation question and success message, naming it (slug or file name). */
  itemTexts: (item: T) => { confirm: string; deleted: string };
}

/**
 * Deleting shares, one or a batch: each confirmed first and reported in a notification
 * (SPEC §8: a batch reports how many succeeded and how many failed). `confirm` and
 * `failed` serve a module's other destructive actions.
 */
export function useDeleteActions<T extends { id: string }>(options: DeleteActionsOptions<T>) {
  const { t } = useTranslation();
  const { ns, deleteOne, deleteMany, itemTexts } = options;

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
    busy: deleteOne.isPending || deleteMany.isPending,
    confirm,
    failed,

    confirmDelete: (item: T) =>
      confirm(t(`${ns}.deleteTitle`), itemTexts(item).confirm, t('common.delete'), () =>
        deleteOne.mutate(item.id, {
          onSuccess: () => notifications.show({ color: 'green', message: itemTexts(item).deleted }),
          onError: failed,
        }),
      ),

    confirmBatchDelete: (ids: string[], onDone: () => void) =>
      confirm(
        t(`${ns}.batchDeleteTitle`),
        t(`${ns}.batchDeleteConfirm`, { count: ids.length }),
        t('common.delete'),
        () =>
          deleteMany.mutate(ids, {
            onSuccess: ({ deleted, failed: kept = 0 }) => {
              const missed = Math.max(kept, ids.length - deleted);
              notifications.show({
                color: missed > 0 ? 'orange' : 'green',
                message:
                  missed > 0
                    ? t(`${ns}.batchDeletedPartly`, { deleted, failed: missed })
                    : t(`${ns}.batchDeleted`, { count: deleted }),
              });
              onDone();
            },
            onError: failed,
          }),
      ),
  };
}
