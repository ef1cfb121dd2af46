import { Alert, Button, Center, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type {
  StorageConfigItem,
  StorageTestResult,
} from '@pastebox/contract/schemas/storage-config';
import { IconCloudOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { configDisplayName } from '@/lib/storage-display-name';
import { useStorageConfigs } from '@/features/admin/api/get-storage-configs';
import { useSetDefaultStorageConfig } from '@/features/admin/api/set-default-storage-config';
import { useTestStorageConfig } from '@/features/admin/api/test-storage-config';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { StorageFormModal } from './StorageFormModal';
import { StorageList } from './StorageList';
import { StorageTestModal } from './StorageTestModal';
import { useConfirmDeleteStorage } from './use-confirm-delete-storage';
import { useRecountStorage } from './use-recount-storage';

/**
 * storage-config (admin only): list, create, edit, test, recount usage, make default, delete.
 */
export function StorageModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const configs = useStorageConfigs();
  const isPhone = useIsPhone();
  const setDefault = useSetDefaultStorageConfig();
  const probe = useTestStorageConfig();
  const confirmDelete = useConfirmDeleteStorage();
  const { recountingIds, recount } = useRecountStorage();
  const [form, setForm] = useState<{ config: StorageConfigItem | null } | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [report, setReport] = useState<{ name: string; result: StorageTestResult } | null>(null);

  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorMessage(t, error) });

  const runTest = (config: StorageConfigItem) => {
    setTesting(config.id);
    probe.mutate(config.id, {
      onSuccess: (result) => setReport({ name: configDisplayName(t, config), result }),
      onError: failed,
      onSettled: () => setTesting(null),
    });
  };

  const makeDefault = (config: StorageConfigItem) =>
    setDefault.mutate(config.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: t('storage.defaultSet', { name: configDisplayName(t, config) }),
        }),
      onError: failed,
    });

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ config: null })}>
      {t('storage.create')}
    </Button>
  );
  const items = configs.data ?? [];

  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('storage.description')} actions={createButton} />
      {configs.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, configs.error)}
        </Alert>
      )}
      <Paper withBorder={!isPhone || items.length === 0} radius="md">
        {configs.isPending ? (
          <Center py={60}>
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : items.length === 0 ? (
          <Stack align="center" gap="xs" py={56} px="md">
            <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
              <IconCloudOff size={28} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>{t('storage.emptyTitle')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('storage.emptyHint')}
            </Text>
          </Stack>
        ) : (
          <StorageList
            items={items}
            testingId={testing}
            onTest={runTest}
            recountingIds={recountingIds}
            onRecount={recount}
            onEdit={(config) => setForm({ config })}
            onSetDefault={makeDefault}
            onDelete={confirmDelete}
          />
        )}
      </Paper>
      <StorageFormModal
        opened={form !== null}
        config={form?.config ?? null}
        onClose={() => setForm(null)}
      />
      <StorageTestModal result={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
