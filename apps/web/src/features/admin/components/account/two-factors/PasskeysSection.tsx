import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { PasskeyItem } from '@pastebox/contract/schemas/two-factors';
import { IconFingerprint, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { webAuthnAvailable } from '@/lib/two-factor-enrolment';
import { AddPasskeyForm } from '@/components/two-factors/AddPasskeyForm';
import { FactorRow } from './FactorRow';
import { useRefreshFactors, useRemovePasskey } from './two-factors-api';

/** Passkeys: the list, add one with a name (the browser's ceremony), remove one (asked). */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyItem[] }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const refresh = useRefreshFactors();
  const remove = useRemovePasskey();
  const supported = webAuthnAvailable();

  const confirmRemove = (item: PasskeyItem) =>
    modals.openConfirmModal({
      title: t('account.twoFactors.passkeys.removeTitle', { name: item.name }),
      children: <Text size="sm">{t('account.twoFactors.passkeys.removeConfirm')}</Text>,
      labels: { confirm: t('account.twoFactors.passkeys.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('account.twoFactors.passkeys.removed', { name: item.name }),
            }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
        }),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <IconFingerprint size={20} stroke={1.6} aria-hidden />
          <Title order={3} size="h5">
            {t('account.twoFactors.passkeys.title')}
          </Title>
        </Group>
        {supported && !adding && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            {t('account.twoFactors.passkeys.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {supported ? t('account.twoFactors.passkeys.hint') : t('twoFactors.passkey.unsupported')}
      </Text>
      {adding && (
        <AddPasskeyForm
          onAdded={(added) => {
            void refresh();
            setAdding(false);
            notifications.show({
              color: 'green',
              message: t('account.twoFactors.passkeys.added', { name: added.name }),
            });
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {passkeys.length === 0 ? (
        <Text size="sm">{t('account.twoFactors.passkeys.none')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('account.twoFactors.passkeys.title')}
        >
          {passkeys.map((item) => (
            <FactorRow
              key={item.id}
              item={item}
              removeLabel={t('account.twoFactors.passkeys.removeLabel', { name: item.name })}
              removing={remove.isPending && remove.variables === item.id}
              onRemove={() => confirmRemove(item)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
