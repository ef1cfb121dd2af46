import { Code, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useDeleteMount } from '@/features/admin/api/delete-mount';

/** Deleting a mount, confirmed first; the files in its storage are not touched. */
export function useConfirmDeleteMount() {
  const { t } = useTranslation();
  const remove = useDeleteMount();
  return (mount: MountItem) =>
    modals.openConfirmModal({
      title: t('mounts.deleteTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('mounts.deleteConfirm', { name: mount.name })}</Text>
          <Code>{mount.mount_path}</Code>
        </Stack>
      ),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(mount.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('mounts.deleted', { name: mount.name }),
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('common.error'),
              message: errorMessage(t, error),
            }),
        }),
    });
}
