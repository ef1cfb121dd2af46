import {
  Button,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS, PASTE_EXPIRY_OPTIONS } from '@pastebox/contract/limits';
import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useUpdatePaste } from '@/features/admin/api/update-paste';
import { formatDateTime } from '@/features/admin/utils/format';
import {
  initialEditValues,
  toUpdateBody,
  validateEdit,
  type ExpiryChoice,
  type PasswordChoice,
  type PasteEditErrors,
  type PasteEditValues,
} from './paste-edit-form';

/** Content, link suffix, remark, format, password, expiry and view limit of one share. */
export function PasteEditForm({ paste, onDone }: { paste: PasteDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdatePaste();
  const [values, setValues] = useState<PasteEditValues>(() => initialEditValues(paste));
  const [errors, setErrors] = useState<PasteEditErrors>({});
  const set = <K extends keyof PasteEditValues>(key: K, value: PasteEditValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const errorText = (key: keyof PasteEditValues) => {
    const messageKey = errors[key];
    return messageKey ? t(messageKey as 'common.error') : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateEdit(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    const body = toUpdateBody(paste, values, new Date());
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: paste.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('texts.edit.saved') });
          onDone();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('texts.edit.saveFailed'),
            message: errorMessage(t, error),
          }),
      },
    );
  };

  const keepExpiryLabel = paste.expiresAt
    ? t('texts.edit.keepExpiry', { date: formatDateTime(paste.expiresAt, i18n.language) })
    : t('texts.edit.keepExpiryNever');
  const expiryOptions = [
    { value: 'keep', label: keepExpiryLabel },
    ...PASTE_EXPIRY_OPTIONS.map((option) => ({
      value: option.id,
      label: t(`texts.expiryOptions.${option.id}`),
    })),
  ];
  const passwordOptions = [
    {
      value: 'keep',
      label: paste.hasPassword ? t('texts.edit.passwordKeep') : t('texts.edit.passwordNone'),
    },
    { value: 'set', label: t('texts.edit.passwordSet') },
    ...(paste.hasPassword ? [{ value: 'clear', label: t('texts.edit.passwordClear') }] : []),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('texts.edit.slug')}
            description={t('texts.edit.slugHint', { max: LIMITS.slugMaxLength })}
            value={values.slug}
            error={errorText('slug')}
            onChange={(event) => set('slug', event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <TextInput
            label={t('texts.columns.remark')}
            description={t('texts.edit.remarkHint')}
            value={values.remark}
            maxLength={LIMITS.remarkMaxLength}
            error={errorText('remark')}
            onChange={(event) => set('remark', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500} id="paste-edit-content-label">
              {t('texts.edit.content')}
            </Text>
            <SegmentedControl
              size="xs"
              value={values.format}
              onChange={(value) => set('format', value === 'text' ? 'text' : 'markdown')}
              aria-label={t('texts.columns.format')}
              data={[
                { value: 'markdown', label: t('texts.formatMarkdown') },
                { value: 'text', label: t('texts.formatText') },
              ]}
            />
          </Group>
          <Textarea
            aria-labelledby="paste-edit-content-label"
            autosize
            minRows={8}
            maxRows={18}
            value={values.content}
            error={errorText('content')}
            onChange={(event) => set('content', event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label={t('texts.password')}
            data={passwordOptions}
            value={values.passwordChoice}
            allowDeselect={false}
            onChange={(value) => set('passwordChoice', (value ?? 'keep') as PasswordChoice)}
          />
          <Select
            label={t('texts.columns.expiresAt')}
            data={expiryOptions}
            value={values.expiry}
            allowDeselect={false}
            onChange={(value) => set('expiry', (value ?? 'keep') as ExpiryChoice)}
          />
          <NumberInput
            label={t('texts.edit.maxViews')}
            description={t('texts.edit.maxViewsHint', { views: paste.views })}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.maxViews}
            error={errorText('maxViews')}
            onChange={(value) => set('maxViews', value)}
          />
        </SimpleGrid>
        {values.passwordChoice === 'set' && (
          <PasswordInput
            label={t('texts.edit.newPassword')}
            autoComplete="new-password"
            withAsterisk
            value={values.password}
            error={errorText('password')}
            onChange={(event) => set('password', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
        )}
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
