import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { configDisplayName } from '@/lib/storage-display-name';
import { useDeleteStorageConfig } from '@/features/admin/api/delete-storage-config';

const REFUSALS_THAT_ASK_FOR_ACTION = new Set([
  'STORAGE_CONFIG_IN_USE',
  'STORAGE_CONFIG_IS_DEFAULT',
  'STORAGE_CONFIG_HAS_MOUNTS',
]);

/**
 * Deleting a config, confirmed first. The server refuses the default and configs that
 * files or mounts still use; that refusal is shown in a dialog of its own, since it asks for action.
 */
export function useConfirmDeleteStorage() {
  const { t } = useTranslation();
  const remove = useDeleteStorageConfig();

  const refused = (config: StorageConfigItem, error: unknown) => {
    const key = error instanceof AppError ? error.key : undefined;
    if (key && REFUSALS_THAT_ASK_FOR_ACTION.has(key)) {
      const modalId = modals.open({
        title: t('storage.deleteRefusedTitle', { name: configDisplayName(t, config) }),
        children: (
          <Stack gap="md">
            <Text size="sm" role="alert">
              {errorMessage(t, error)}
            </Text>
            <Group justify="flex-end">
              <Button data-autofocus onClick={() => modals.close(modalId)}>
                {t('common.close')}
              </Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });
  };

  return (config: StorageConfigItem) =>
    modals.openConfirmModal({
      title: t('storage.deleteTitle'),
      children: (
        <Text size="sm">{t('storage.deleteConfirm', { name: configDisplayName(t, config) })}</Text>
      ),
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(config.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('storage.deleted', { name: configDisplayName(t, config) }),
            }),
          onError: (error) => refused(config, error),
        }),
    });
}
