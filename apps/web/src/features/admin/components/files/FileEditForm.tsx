import {
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS } from '@pastebox/contract/limits';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useUpdateFile } from '@/features/admin/api/update-file';
import { formatDateTime } from '@/features/admin/utils/format';
import {
  FILE_EXPIRY_HOURS,
  initialFileEditValues,
  toFileUpdateBody,
  validateFileEdit,
  type FileEditErrors,
  type FileEditValues,
  type FileExpiryChoice,
  type FilePasswordChoice,
} from './file-edit-form';

/** Link suffix, remark, password, expiry and view limit of one file share. */
export function FileEditForm({ file, onDone }: { file: FileShare; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateFile();
  const [values, setValues] = useState<FileEditValues>(() => initialFileEditValues(file));
  const [errors, setErrors] = useState<FileEditErrors>({});
  const set = <K extends keyof FileEditValues>(key: K, value: FileEditValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const errorText = (key: keyof FileEditValues) => {
    const messageKey = errors[key];
    return messageKey
      ? t(messageKey as 'common.error', { max: LIMITS.remarkMaxLength })
      : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateFileEdit(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    const body = toFileUpdateBody(file, values);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: file.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('files.edit.saved') });
          onDone();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('files.edit.saveFailed'),
            message: errorMessage(t, error),
          }),
      },
    );
  };

  const keepExpiryLabel = file.expires_at
    ? t('files.edit.keepExpiry', { date: formatDateTime(file.expires_at, i18n.language) })
    : t('files.edit.keepExpiryNever');
  const expiryOptions = [
    { value: 'keep', label: keepExpiryLabel },
    ...FILE_EXPIRY_HOURS.map((hours) => ({
      value: hours,
      label: t(`files.edit.expiry.h${hours}`),
    })),
  ];
  const passwordOptions = [
    {
      value: 'keep',
      label: file.has_password ? t('files.edit.passwordKeep') : t('files.edit.passwordNone'),
    },
    { value: 'set', label: t('files.edit.passwordSet') },
    ...(file.has_password ? [{ value: 'clear', label: t('files.edit.passwordClear') }] : []),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('files.edit.slug')}
            description={t('files.edit.slugHint', { max: LIMITS.slugMaxLength })}
            value={values.slug}
            error={errorText('slug')}
            data-autofocus
            onChange={(event) => set('slug', event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <TextInput
            label={t('files.columns.remark')}
            description={t('files.edit.remarkHint')}
            value={values.remark}
            maxLength={LIMITS.remarkMaxLength}
            error={errorText('remark')}
            onChange={(event) => set('remark', event.currentTarget.value)}
          />
          <Select
            label={t('files.password')}
            data={passwordOptions}
            value={values.passwordChoice}
            allowDeselect={false}
            onChange={(value) => set('passwordChoice', (value ?? 'keep') as FilePasswordChoice)}
          />
          <Select
            label={t('files.columns.expiresAt')}
            data={expiryOptions}
            value={values.expiry}
            allowDeselect={false}
            onChange={(value) => set('expiry', (value ?? 'keep') as FileExpiryChoice)}
          />
        </SimpleGrid>
        {values.passwordChoice === 'set' && (
          <PasswordInput
            label={t('files.edit.newPassword')}
            autoComplete="new-password"
            withAsterisk
            value={values.password}
            error={errorText('password')}
            onChange={(event) => set('password', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
        )}
        <NumberInput
          label={t('files.edit.maxViews')}
          description={t('files.edit.maxViewsHint', { views: file.views })}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={values.maxViews}
          error={errorText('maxViews')}
          onChange={(value) => set('maxViews', value)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
