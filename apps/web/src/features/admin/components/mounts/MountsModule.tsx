import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { IconFolderOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/error-message';
import { useMounts } from '@/features/admin/api/get-mounts';
import { useUpdateMount } from '@/features/admin/api/update-mount';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { DavLocksSection } from '@/features/admin/components/dav-locks/DavLocksSection';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import type { MountActionHandlers } from './MountActions';
import { MountFormModal } from './MountFormModal';
import { MountsList } from './MountsList';
import { useConfirmDeleteMount } from './use-confirm-delete-mount';

/**
 * mount-management: the admin lists, creates, edits, switches and deletes mounts, and sees
 * and releases the WebDAV locks held in them; a key with mount permission sees its mounts
 * read-only (SPEC §6).
 */
export function MountsModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const isAdmin = useAuth().authType === 'admin';
  const mounts = useMounts();
  const update = useUpdateMount();
  const confirmDelete = useConfirmDeleteMount();
  const [form, setForm] = useState<{ mount: MountItem | null } | null>(null);
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const items = mounts.data ?? [];

  const toggle = (mount: MountItem, active: boolean) => {
    setTogglingId(mount.id);
    update.mutate(
      { id: mount.id, body: { is_active: active } },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: t(saved.is_active ? 'mounts.enabled' : 'mounts.disabled', {
              name: saved.name,
            }),
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('common.error'),
            message: errorMessage(t, error),
          }),
        onSettled: () => setTogglingId(null),
      },
    );
  };
  const actions: MountActionHandlers | undefined = isAdmin
    ? {
        onEdit: (mount) => setForm({ mount }),
        onDelete: confirmDelete,
        onToggle: toggle,
        togglingId,
      }
    : undefined;
  const openCreate = () => setForm({ mount: null });

  return (
    <Stack gap="md">
      <ModuleHeader
        title={title}
        description={isAdmin ? t('mounts.description') : t('mounts.readOnlyDescription')}
        actions={
          isAdmin && (
            <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
              {t('mounts.create')}
            </Button>
          )
        }
      />
      {mounts.isError && (
        <ListErrorAlert error={mounts.error} onRetry={() => void mounts.refetch()} />
      )}
      <ListFrame
        pending={mounts.isPending}
        count={items.length}
        empty={<MountsEmpty onCreate={isAdmin ? openCreate : undefined} />}
      >
        <MountsList items={items} actions={actions} />
      </ListFrame>
      {isAdmin && <DavLocksSection />}
      {isAdmin && (
        <MountFormModal
          opened={form !== null}
          mount={form?.mount ?? null}
          mounts={items}
          onClose={() => setForm(null)}
        />
      )}
    </Stack>
  );
}

/** No mounts yet; the admin gets a first step. */
function MountsEmpty({ onCreate }: { onCreate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py={56} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconFolderOff size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>{t('mounts.emptyTitle')}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {onCreate ? t('mounts.emptyHint') : t('mounts.emptyHintReadOnly')}
      </Text>
      {onCreate && (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onCreate}>
          {t('mounts.create')}
        </Button>
      )}
    </Stack>
  );
}
