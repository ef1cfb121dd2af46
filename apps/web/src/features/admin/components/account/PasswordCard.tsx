import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NEW_PASSWORD_MIN_LENGTH } from '@pastebox/contract/schemas/auth';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore } from '@/lib/auth/auth-store';
import { errorMessage } from '@/lib/error-message';
import { useChangeOwnPassword } from '@/features/admin/api/change-own-password';
import { SettingsCard } from '@/features/admin/components/settings/SettingsCard';
import {
  EMPTY_PASSWORD_FORM,
  validatePasswordForm,
  type PasswordFormErrors,
  type PasswordFormValues,
} from './password-form';

/**
 * Changes the account's own password. The server ends every session, this one included, so
 * on success the panel signs out and says to sign in again; a wrong current password is an
 * error on the form, never a sign-out.
 */
export function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangeOwnPassword();
  const [values, setValues] = useState<PasswordFormValues>(EMPTY_PASSWORD_FORM);
  const [errors, setErrors] = useState<PasswordFormErrors>({});
  const set = (key: keyof PasswordFormValues, value: string) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const error = (key: keyof PasswordFormValues) =>
    errors[key] ? t(errors[key] as 'common.error', { min: NEW_PASSWORD_MIN_LENGTH }) : undefined;
  const toggleLabel = { 'aria-label': t('login.togglePassword') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validatePasswordForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: t('account.password.changed'),
            message: t('account.password.signInAgain'),
            autoClose: 8000,
          });
          authStore.signOut();
        },
      },
    );
  };

  return (
    <SettingsCard
      title={t('account.password.title')}
      description={t('account.password.description')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('account.password.current')}
            withAsterisk
            autoComplete="current-password"
            value={values.current}
            error={error('current')}
            onChange={(event) => set('current', event.currentTarget.value)}
            visibilityToggleButtonProps={toggleLabel}
          />
          <PasswordInput
            label={t('account.password.new')}
            description={t('account.password.newHint', { min: NEW_PASSWORD_MIN_LENGTH })}
            withAsterisk
            autoComplete="new-password"
            value={values.next}
            error={error('next')}
            onChange={(event) => set('next', event.currentTarget.value)}
            visibilityToggleButtonProps={toggleLabel}
          />
          <PasswordInput
            label={t('account.password.confirm')}
            withAsterisk
            autoComplete="new-password"
            value={values.confirm}
            error={error('confirm')}
            onChange={(event) => set('confirm', event.currentTarget.value)}
            visibilityToggleButtonProps={toggleLabel}
          />
          {change.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(t, change.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
