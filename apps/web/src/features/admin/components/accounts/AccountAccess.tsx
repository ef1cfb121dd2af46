import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateAccount } from './api/change-account';
import { useAccountNotices } from './use-account-notices';

interface AccountAccessProps {
  item: AccountItem;
  onChanged: (item: AccountItem) => void;
  onDelete: (item: AccountItem) => void;
}

/** Disable or enable the account (confirmed: its sessions end at once), or delete it. */
export function AccountAccess({ item, onChanged, onDelete }: AccountAccessProps) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const notices = useAccountNotices();
  const name = { name: item.username };
  const disabling = !item.disabled;

  const confirmSwitch = () =>
    modals.openConfirmModal({
      title: t(disabling ? 'accounts.access.disableTitle' : 'accounts.access.enableTitle', name),
      children: (
        <Text size="sm">
          {t(disabling ? 'accounts.access.disableConfirm' : 'accounts.access.enableConfirm', name)}
        </Text>
      ),
      labels: {
        confirm: t(disabling ? 'accounts.access.disable' : 'accounts.access.enable'),
        cancel: t('common.cancel'),
      },
      confirmProps: { color: disabling ? 'red' : undefined },
      onConfirm: () =>
        update.mutate(
          { id: item.id, body: { disabled: disabling } },
          {
            onSuccess: (saved) => {
              notices.done(
                t(disabling ? 'accounts.access.disabled' : 'accounts.access.enabled', name),
              );
              onChanged(saved);
            },
            onError: notices.failed(t('accounts.saveFailed')),
          },
        ),
    });

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(item.disabled ? 'accounts.access.disabledHint' : 'accounts.access.enabledHint')}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={disabling ? <IconLock size={16} /> : <IconLockOpen size={16} />}
          loading={update.isPending}
          onClick={confirmSwitch}
        >
          {t(disabling ? 'accounts.access.disable' : 'accounts.access.enable')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => onDelete(item)}
        >
          {t('accounts.deleteEllipsis')}
        </Button>
      </Group>
    </Stack>
  );
}
