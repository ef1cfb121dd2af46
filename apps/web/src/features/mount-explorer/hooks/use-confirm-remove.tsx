import { List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { BatchResult, FsEntry } from '@pastebox/contract/schemas/fs';
import { baseNameOf } from '@pastebox/contract/rules/virtual-path';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useRemoveEntries } from '@/features/mount-explorer/api/remove-entries';

/** Names listed in the confirmation of a batch; the rest are counted. */
const NAMED_IN_CONFIRM = 8;

/**
 * Deleting entries, confirmed first by a dialog that names what goes (SPEC §8: a batch
 * reports how many succeeded and how many failed, and which).
 */
export function useConfirmRemove() {
  const { t } = useTranslation();
  const remove = useRemoveEntries();
  const { mutate } = remove;

  const report = useCallback(
    (entries: FsEntry[], result: BatchResult) => {
      const [only] = entries;
      if (result.failed.length === 0) {
        notifications.show({
          color: 'green',
          message:
            entries.length === 1 && only
              ? t('explorer.delete.deleted', { name: only.name })
              : t('explorer.delete.deletedMany', { count: result.success }),
        });
        return;
      }
      notifications.show({
        color: 'orange',
        title: t('explorer.delete.partly', {
          success: result.success,
          failed: result.failed.length,
        }),
        message: (
          <List size="sm">
            {result.failed.slice(0, NAMED_IN_CONFIRM).map((failure) => (
              <List.Item key={failure.path}>
                {t('explorer.delete.failedItem', {
                  name: baseNameOf(failure.path),
                  message: t(`errors.${failure.error}` as 'errors.INTERNAL', {
                    defaultValue: failure.message,
                  }),
                })}
              </List.Item>
            ))}
          </List>
        ),
        autoClose: 10_000,
      });
    },
    [t],
  );

  return useCallback(
    (entries: FsEntry[], onDone?: () => void) => {
      const [only] = entries;
      if (!only) {
        return;
      }
      const single = entries.length === 1;
      modals.openConfirmModal({
        title: single
          ? t('explorer.delete.title', { name: only.name })
          : t('explorer.delete.titleMany', { count: entries.length }),
        children: single ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {only.isDirectory
              ? t('explorer.delete.folderBody', { name: only.name })
              : t('explorer.delete.fileBody', { name: only.name })}
          </Text>
        ) : (
          <>
            <Text size="sm" mb="xs">
              {t('explorer.delete.manyBody')}
            </Text>
            <List size="sm" withPadding style={{ overflowWrap: 'anywhere' }}>
              {entries.slice(0, NAMED_IN_CONFIRM).map((entry) => (
                <List.Item key={entry.path}>
                  {entry.isDirectory ? `${entry.name}/` : entry.name}
                </List.Item>
              ))}
            </List>
            {entries.length > NAMED_IN_CONFIRM && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('explorer.delete.andMore', { count: entries.length - NAMED_IN_CONFIRM })}
              </Text>
            )}
          </>
        ),
        labels: { confirm: t('explorer.actions.delete'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          mutate(
            entries.map((entry) => entry.path),
            {
              onSuccess: (result) => {
                report(entries, result);
                onDone?.();
              },
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: t('common.error'),
                  message: errorMessage(t, error),
                }),
            },
          ),
      });
    },
    [t, mutate, report],
  );
}
