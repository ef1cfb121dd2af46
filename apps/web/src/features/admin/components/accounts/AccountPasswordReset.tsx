import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { AccountItem, AccountWithInvite } from '@pastebox/contract/schemas/account';
import { IconKey, IconMailShare } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validatePasswordPair, type PasswordErrors } from './account-form';
import { useResetAccountPassword } from './api/change-account';
import { InviteLinkResult } from './InviteLinkResult';
import { PasswordPairFields } from './PasswordPairFields';
import { useAccountNotices } from './use-account-notices';

type Step = 'choose' | 'password' | 'invited';

/**
 * Reset the password: set a new one, or make a new invitation link (shown once). Either
 * ends the account's sessions; the invitation also stops the old password, so it asks first.
 */
export function AccountPasswordReset({
  item,
  onChanged,
}: {
  item: AccountItem;
  onChanged: (item: AccountItem) => void;
}) {
  const { t } = useTranslation();
  const reset = useResetAccountPassword();
  const notices = useAccountNotices();
  const [step, setStep] = useState<Step>('choose');
  const [invited, setInvited] = useState<AccountWithInvite | null>(null);
  const [pair, setPair] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const name = { name: item.username };

  const done = (answer: AccountWithInvite) => {
    onChanged(answer.account);
    if (answer.invite_url) {
      setInvited(answer);
      setStep('invited');
      return;
    }
    notices.done(t('accounts.reset.passwordSet', name));
    setPair({ password: '', confirm: '' });
    setStep('choose');
  };
  const failed = notices.failed(t('accounts.reset.failed'));

  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    const problems = validatePasswordPair(pair);
    setErrors(problems);
    if (Object.keys(problems).length === 0) {
      reset.mutate(
        { id: item.id, body: { password: pair.password } },
        { onSuccess: done, onError: failed },
      );
    }
  };

  const confirmInvite = () =>
    modals.openConfirmModal({
      title: t('accounts.reset.inviteTitle', name),
      children: <Text size="sm">{t('accounts.reset.inviteConfirm', name)}</Text>,
      labels: { confirm: t('accounts.reset.invite'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        reset.mutate({ id: item.id, body: { invite: true } }, { onSuccess: done, onError: failed }),
    });

  if (step === 'invited' && invited?.invite_url) {
    return (
      <InviteLinkResult
        username={item.username}
        url={invited.invite_url}
        expiresAt={invited.account.invite_expires_at}
        onDone={() => setStep('choose')}
      />
    );
  }
  if (step === 'password') {
    return (
      <form onSubmit={savePassword} noValidate aria-label={t('accounts.reset.setPassword')}>
        <Stack gap="sm">
          <PasswordPairFields pair={pair} errors={errors} onChange={setPair} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setStep('choose')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={reset.isPending}>
              {t('accounts.reset.savePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('accounts.reset.hint')}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconKey size={16} />}
          onClick={() => setStep('password')}
        >
          {t('accounts.reset.setPassword')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconMailShare size={16} />}
          loading={reset.isPending}
          onClick={confirmInvite}
        >
          {t('accounts.reset.invite')}
        </Button>
      </Group>
    </Stack>
  );
}
