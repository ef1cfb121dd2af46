import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AccountMe } from '@pastebox/contract/schemas/account';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { formatBytes } from '@/lib/uploader/format';
import { useAccount } from '@/features/admin/api/get-account';
import { useUpdateProfile } from '@/features/admin/api/update-profile';
import { SettingsCard } from '@/features/admin/components/settings/SettingsCard';

/** Loose on purpose: the server holds the real rule; this only catches a slip of the hand. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Display name and e-mail of the signed-in account, with its username, role and usage. */
export function ProfileCard() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <SettingsCard title={t('account.profile.title')} description={t('account.profile.description')}>
      {account.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('account.profile.loadFailed')}>
          {errorMessage(t, account.error)}
        </Alert>
      ) : account.data ? (
        // Keyed by the account so the form starts from the saved values once they arrive.
        <ProfileForm key={account.data.id} me={account.data} />
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {t('common.loading')}
        </Text>
      )}
    </SettingsCard>
  );
}

function ProfileForm({ me }: { me: AccountMe }) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const [displayName, setDisplayName] = useState(me.display_name ?? '');
  const [email, setEmail] = useState(me.email ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed !== '' && !EMAIL_SHAPE.test(trimmed)) {
      setEmailError(t('account.profile.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    save.mutate(
      { display_name: displayName.trim(), email: trimmed },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('account.profile.saved') }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {t('account.profile.role')}
          </Text>
          <Badge variant="light" color={me.role === 'admin' ? 'grape' : 'blue'}>
            {me.role === 'admin' ? t('account.profile.roleAdmin') : t('account.profile.roleMember')}
          </Badge>
        </Group>
        <TextInput
          label={t('account.profile.username')}
          value={me.username}
          readOnly
          variant="filled"
          autoComplete="username"
        />
        <TextInput
          label={t('account.profile.displayName')}
          description={t('account.profile.displayNameHint')}
          maxLength={100}
          autoComplete="name"
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
        />
        <TextInput
          label={t('account.profile.email')}
          type="email"
          maxLength={254}
          autoComplete="email"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        {me.role === 'member' && <StorageLine me={me} />}
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title={t('account.profile.saveFailed')}>
            {errorMessage(t, save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('account.profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The bytes of the member's file shares against its quota (0 = none). */
function StorageLine({ me }: { me: AccountMe }) {
  const { t } = useTranslation();
  const used = formatBytes(me.used_bytes);
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={500}>
        {t('account.profile.storage')}
      </Text>
      <Text size="sm">
        {me.quota_bytes > 0
          ? t('account.profile.storageOf', { used, quota: formatBytes(me.quota_bytes) })
          : t('account.profile.storageNoLimit', { used })}
      </Text>
    </Group>
  );
}
