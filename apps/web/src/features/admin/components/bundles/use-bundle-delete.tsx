import { Checkbox, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { BundleSummary } from '@pastebox/contract/schemas/bundle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useDeleteBundle } from '@/features/admin/api/delete-bundle';
import { bundleName } from './BundleActions';

/** The dialog's body: what goes, and whether the files go too. */
function DeleteBundleBody({
  bundle,
  onChange,
}: {
  bundle: BundleSummary;
  onChange: (deleteFiles: boolean) => void;
}) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('bundles.delete.confirm', { name: bundleName(bundle) })}</Text>
      <Checkbox
        checked={checked}
        onChange={(event) => {
          setChecked(event.currentTarget.checked);
          onChange(event.currentTarget.checked);
        }}
        label={t('bundles.delete.withFiles', { count: bundle.file_count })}
        description={t('bundles.delete.withFilesHint')}
        disabled={bundle.file_count === 0}
      />
    </Stack>
  );
}

/**
 * Deleting a bundle, confirmed first: its files stay unless "also delete the files" is
 * ticked (then they go with their stored objects); the outcome in a notification.
 */
export function useBundleDelete() {
  const { t } = useTranslation();
  const remove = useDeleteBundle();

  const confirmDelete = (bundle: BundleSummary) => {
    let deleteFiles = false;
    modals.openConfirmModal({
      title: t('bundles.delete.title'),
      children: <DeleteBundleBody bundle={bundle} onChange={(value) => (deleteFiles = value)} />,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { id: bundle.id, deleteFiles },
          {
            onSuccess: (result) =>
              notifications.show({
                color: result.files_failed > 0 ? 'orange' : 'green',
                message:
                  result.files_failed > 0
                    ? t('bundles.delete.partly', {
                        name: bundleName(bundle),
                        failed: result.files_failed,
                      })
                    : deleteFiles
                      ? t('bundles.delete.doneWithFiles', {
                          name: bundleName(bundle),
                          count: result.files_deleted,
                        })
                      : t('bundles.delete.done', { name: bundleName(bundle) }),
              }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: t('common.error'),
                message: errorMessage(t, error),
              }),
          },
        ),
    });
  };
  return { confirmDelete, busy: remove.isPending };
}
