import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { ADMIN_KEYS, type ApiKeysBase } from '@/features/admin/api/api-keys-base';
import { useDeleteApiKey } from '@/features/admin/api/delete-api-key';
import { useApiKeys } from '@/features/admin/api/get-api-keys';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { CreateKeyModal } from './CreateKeyModal';
import { EditKeyModal } from './EditKeyModal';
import { KeysList } from './KeysList';
import { ShareToolsModal } from './ShareToolsModal';

interface KeysModuleProps {
  title: string;
  /** Whose keys: the admin's every key (default), or a member's own (issue 32). */
  base?: ApiKeysBase;
  /** Shown under the title; the admin's description by default. */
  description?: string;
  /** A section of another module (a level-2 heading) instead of a module of its own. */
  section?: boolean;
}

/**
 * key-management (admin only, SPEC §6): list, create, edit and delete API keys. The Account
 * module shows a member's own keys with it, against /api/account/api-keys.
 */
export function KeysModule({ title, base = ADMIN_KEYS, description, section }: KeysModuleProps) {
  const { t } = useTranslation();
  const keys = useApiKeys(true, base);
  const remove = useDeleteApiKey(base);
  const isPhone = useIsPhone();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyItem | null>(null);
  const [toolsOf, setToolsOf] = useState<ApiKeyItem | null>(null);

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
      {section ? (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {createButton}
        </Group>
      ) : (
        <ModuleHeader
          title={title}
          description={description ?? t('keys.description')}
          actions={createButton}
        />
      )}
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
          <KeysList
            items={keys.data}
            onEdit={setEditing}
            onTools={setToolsOf}
            onDelete={confirmDelete}
          />
        )}
      </Paper>
      <CreateKeyModal base={base} opened={creating} onClose={() => setCreating(false)} />
      <EditKeyModal base={base} item={editing} onClose={() => setEditing(null)} />
      <ShareToolsModal item={toolsOf} onClose={() => setToolsOf(null)} />
    </Stack>
  );
}
