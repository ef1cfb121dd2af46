import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AccountItem } from '@pastebox/contract/schemas/account';
import { IconShieldOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { useAccountNotices } from './use-account-notices';

/** POST /api/admin/accounts/{id}/two-factor/reset: how many sessions ended with it. */
function resetTwoFactors(id: string): Promise<{ ended: number }> {
  return apiRequest<{ ended: number }>(
    `/admin/accounts/${encodeURIComponent(id)}/two-factor/reset`,
    { method: 'POST' },
  );
}

/**
 * For a person who lost their phone or key (issue 32): the app, passkeys and recovery
 * codes go and they are signed out everywhere; they sign in with the password alone and
 * set up a factor again. Asked first. App passwords stay (see docs/design-notes.md).
 */
export function TwoFactorReset({ item }: { item: AccountItem }) {
  const { t } = useTranslation();
  const notices = useAccountNotices();
  const reset = useMutation({ mutationFn: resetTwoFactors });
  const name = { name: item.username };
  const confirm = () =>
    modals.openConfirmModal({
      title: t('accounts.twoFactors.resetTitle', name),
      children: <Text size="sm">{t('accounts.twoFactors.resetConfirm', name)}</Text>,
      labels: { confirm: t('accounts.twoFactors.reset'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        reset.mutate(item.id, {
          onSuccess: () => notices.done(t('accounts.twoFactors.done', name)),
          onError: notices.failed(t('accounts.twoFactors.failed')),
        }),
    });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('accounts.twoFactors.hint')}
      </Text>
      <Button
        variant="default"
        w="fit-content"
        leftSection={<IconShieldOff size={16} />}
        loading={reset.isPending}
        onClick={confirm}
      >
        {t('accounts.twoFactors.reset')}
      </Button>
    </Stack>
  );
}
