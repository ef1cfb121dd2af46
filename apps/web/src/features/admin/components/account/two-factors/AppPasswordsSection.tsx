import { Alert, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { AppPasswordItem, CreatedAppPassword } from '@pastebox/contract/schemas/two-factors';
import { IconAlertCircle, IconPlus, IconServer } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { CopyTextButton } from '@/components/CopyButton';
import { FactorRow } from './FactorRow';
import { useAppPasswordCalls } from './two-factors-api';

/** A new app password, once: the server keeps only its hash. */
function CreatedPassword({ created, onDone }: { created: CreatedAppPassword; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" variant="light" title={t('account.twoFactors.appPasswords.created')}>
      <Stack gap="xs">
        <Text size="sm">{t('account.twoFactors.appPasswords.once', { name: created.name })}</Text>
        <Code
          block
          aria-label={t('account.twoFactors.appPasswords.value')}
          style={{ wordBreak: 'break-all', fontSize: 'var(--mantine-font-size-sm)' }}
        >
          {created.password}
        </Code>
        <Group gap="xs" justify="flex-end">
          <CopyTextButton text={created.password} variant="filled" size="xs">
            {t('account.twoFactors.appPasswords.copy')}
          </CopyTextButton>
          <Button variant="default" size="xs" onClick={onDone}>
            {t('account.twoFactors.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * App passwords for WebDAV: drive clients cannot answer a second step, so an account with a
 * factor signs in to /dav/ with its username and one of these. Create (shown once), delete.
 */
export function AppPasswordsSection({ items }: { items: AppPasswordItem[] }) {
  const { t } = useTranslation();
  const { create, remove } = useAppPasswordCalls();
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim();
    setNameMissing(!chosen);
    if (chosen) {
      create.mutate(chosen, {
        onSuccess: (answer) => {
          setName('');
          setCreated(answer);
        },
      });
    }
  };
  const confirmDelete = (item: AppPasswordItem) =>
    modals.openConfirmModal({
      title: t('account.twoFactors.appPasswords.deleteTitle', { name: item.name }),
      children: <Text size="sm">{t('account.twoFactors.appPasswords.deleteConfirm')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('account.twoFactors.appPasswords.deleted', { name: item.name }),
            }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
        }),
    });

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <IconServer size={20} stroke={1.6} aria-hidden />
        <Title order={3} size="h5">
          {t('account.twoFactors.appPasswords.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {t('account.twoFactors.appPasswords.hint')}
      </Text>
      {created && <CreatedPassword created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={submit} noValidate aria-label={t('account.twoFactors.appPasswords.form')}>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label={t('account.twoFactors.appPasswords.name')}
            placeholder={t('account.twoFactors.appPasswords.namePlaceholder')}
            maxLength={100}
            value={name}
            error={nameMissing ? t('account.twoFactors.appPasswords.nameRequired') : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            type="submit"
            mt={25}
            variant="default"
            loading={create.isPending}
            leftSection={<IconPlus size={16} />}
          >
            {t('account.twoFactors.appPasswords.create')}
          </Button>
        </Group>
      </form>
      {create.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(t, create.error)}
        </Alert>
      )}
      {items.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('account.twoFactors.appPasswords.title')}
        >
          {items.map((item) => (
            <FactorRow
              key={item.id}
              item={item}
              removeLabel={t('account.twoFactors.appPasswords.deleteLabel', { name: item.name })}
              removing={remove.isPending && remove.variables?.id === item.id}
              onRemove={() => confirmDelete(item)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
