import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NEW_PASSWORD_MIN_LENGTH } from '@pastebox/contract/schemas/auth';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore } from '@/lib/auth/auth-store';
import { errorMessage } from '@/lib/error-message';
import { useAdminSession } from '@/features/admin/api/get-admin-session';
import { useChangeAdminAccount } from '@/features/admin/api/change-password';
import {
  EMPTY_ACCOUNT_FORM,
  toChangePasswordBody,
  validateAccountForm,
  type AccountFormErrors,
  type AccountFormValues,
} from './account-form';

/**
 * Changes the admin's username and/or password. The server revokes every session, so on
 * success the admin is signed out and the panel falls back to the login screen (SPEC §4).
 */
export function AccountForm() {
  const { t } = useTranslation();
  const session = useAdminSession(true);
  const change = useChangeAdminAccount();
  const [values, setValues] = useState<AccountFormValues>(EMPTY_ACCOUNT_FORM);
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const set = (key: keyof AccountFormValues, value: string) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const error = (key: keyof AccountFormValues) =>
    errors[key] ? t(errors[key] as 'common.error', { min: NEW_PASSWORD_MIN_LENGTH }) : undefined;
  const toggleLabel = { 'aria-label': t('login.togglePassword') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateAccountForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    change.mutate(toChangePasswordBody(values), {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: t('settings.account.updated'),
          message: t('settings.account.loginAgain'),
          autoClose: 8000,
        });
        authStore.signOut();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('settings.account.currentUsername')}
          value={session.data?.username ?? ''}
          readOnly
          variant="filled"
          autoComplete="username"
        />
        <PasswordInput
          label={t('settings.account.currentPassword')}
          withAsterisk
          autoComplete="current-password"
          value={values.currentPassword}
          error={error('currentPassword')}
          onChange={(event) => set('currentPassword', event.currentTarget.value)}
          visibilityToggleButtonProps={toggleLabel}
        />
        <TextInput
          label={t('settings.account.newUsername')}
          description={t('settings.account.newUsernameHint')}
          autoComplete="off"
          maxLength={100}
          value={values.newUsername}
          error={error('newUsername')}
          onChange={(event) => set('newUsername', event.currentTarget.value)}
        />
        <PasswordInput
          label={t('settings.account.newPassword')}
          description={t('settings.account.newPasswordHint', { min: NEW_PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          value={values.newPassword}
          error={error('newPassword')}
          onChange={(event) => set('newPassword', event.currentTarget.value)}
          visibilityToggleButtonProps={toggleLabel}
        />
        <PasswordInput
          label={t('settings.account.confirmPassword')}
          autoComplete="new-password"
          disabled={values.newPassword === ''}
          value={values.confirmPassword}
          error={error('confirmPassword')}
          onChange={(event) => set('confirmPassword', event.currentTarget.value)}
          visibilityToggleButtonProps={toggleLabel}
        />
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} role="note">
          {t('settings.account.signOutNotice')}
        </Alert>
        {change.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(t, change.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('settings.account.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
