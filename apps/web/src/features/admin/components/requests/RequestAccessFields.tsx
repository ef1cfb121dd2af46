import { NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';
import type { RequestFieldsProps } from './form-props';
import { REQUEST_EXPIRY_HOURS, type RequestExpiryChoice } from './request-form';

interface AccessProps extends RequestFieldsProps {
  /** The request being edited: "keep" choices for its password and expiry. */
  editing: { hasPassword: boolean; expiresAt: string | null; views: number } | null;
}

/** Password, expiry, page openings, and whether senders must give a name or e-mail. */
export function RequestAccessFields(props: AccessProps) {
  const { values, onChange, errorOf, editing } = props;
  const { t, i18n } = useTranslation();
  const expiryData = [
    ...(editing
      ? [
          {
            value: 'keep',
            label: editing.expiresAt
              ? t('fileRequests.form.keepExpiry', {
                  date: formatDateTime(editing.expiresAt, i18n.language),
                })
              : t('fileRequests.form.keepNever'),
          },
        ]
      : []),
    ...REQUEST_EXPIRY_HOURS.map((hours) => ({
      value: hours,
      label: t(`fileRequests.form.expiryOptions.h${hours}`),
    })),
  ];
  const passwordData = [
    {
      value: 'keep',
      label: editing?.hasPassword
        ? t('fileRequests.form.passwordKeep')
        : t('fileRequests.form.passwordNone'),
    },
    { value: 'set', label: t('fileRequests.form.passwordSet') },
    ...(editing?.hasPassword
      ? [{ value: 'clear', label: t('fileRequests.form.passwordClear') }]
      : []),
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {editing ? (
          <Select
            label={t('fileRequests.form.password')}
            data={passwordData}
            value={values.passwordChoice}
            allowDeselect={false}
            onChange={(choice) =>
              onChange('passwordChoice', (choice ?? 'keep') as typeof values.passwordChoice)
            }
          />
        ) : (
          <PasswordInput
            label={t('fileRequests.form.password')}
            description={t('fileRequests.form.passwordHint')}
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => onChange('password', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
        )}
        {editing && values.passwordChoice === 'set' && (
          <PasswordInput
            label={t('fileRequests.form.newPassword')}
            autoComplete="new-password"
            withAsterisk
            value={values.password}
            error={errorOf('password')}
            onChange={(event) => onChange('password', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          />
        )}
        <Select
          label={t('fileRequests.form.expiry')}
          data={expiryData}
          value={values.expiry}
          allowDeselect={false}
          onChange={(choice) => onChange('expiry', (choice ?? 'keep') as RequestExpiryChoice)}
        />
        <NumberInput
          label={t('fileRequests.form.maxViews')}
          description={
            editing
              ? t('fileRequests.form.maxViewsHintViews', { views: editing.views })
              : t('fileRequests.form.maxViewsHint')
          }
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={values.maxViews}
          error={errorOf('maxViews')}
          onChange={(value) => onChange('maxViews', value)}
        />
      </SimpleGrid>
      <Switch
        label={t('fileRequests.form.requireName')}
        checked={values.requireName}
        onChange={(event) => onChange('requireName', event.currentTarget.checked)}
      />
      <Switch
        label={t('fileRequests.form.requireEmail')}
        checked={values.requireEmail}
        onChange={(event) => onChange('requireEmail', event.currentTarget.checked)}
      />
    </Stack>
  );
}
