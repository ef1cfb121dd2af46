import { Alert, Button, Center, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useDeleteApiKey } from '@/features/admin/api/delete-api-key';
import { useApiKeys } from '@/features/admin/api/get-api-keys';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { CreateKeyModal } from './CreateKeyModal';
import { EditKeyModal } from './EditKeyModal';
import { KeysList } from './KeysList';

/** key-management (admin only, SPEC §6): list, create, edit and delete API keys. */
export function KeysModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const isPhone = useIsPhone();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyItem | null>(null);

  const confirmDelete = (item: ApiKeyItem) =>
    modals.openConfirmModal({
      title: t('keys.deleteTitle'),
      children: <Text size="sm">{t('keys.deleteConfirm', { name: item.name })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('keys.deleted', { name: item.name }) }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('common.error'),
              message: errorMessage(t, error),
            }),
        }),
    });

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {t('keys.create')}
    </Button>
  );

  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('keys.description')} actions={createButton} />
      {keys.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, keys.error)}
        </Alert>
      )}
      <Paper withBorder={!isPhone || !keys.data?.length} radius="md">
        {keys.isPending ? (
          <Center py={60}>
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : !keys.data || keys.data.length === 0 ? (
          <Stack align="center" gap="xs" py={56} px="md">
            <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
              <IconKeyOff size={28} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>{t('keys.emptyTitle')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('keys.emptyHint')}
            </Text>
          </Stack>
        ) : (
          <KeysList items={keys.data} onEdit={setEditing} onDelete={confirmDelete} />
        )}
      </Paper>
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <EditKeyModal item={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
