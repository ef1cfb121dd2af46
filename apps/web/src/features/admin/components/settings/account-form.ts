import { NEW_PASSWORD_MIN_LENGTH, type ChangePasswordBody } from '@pastebox/contract/schemas/auth';

export interface AccountFormValues {
  currentPassword: string;
  newUsername: string;
  newPassword: string;
  confirmPassword: string;
}

/** i18n keys of the problems found, per field. */
export type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;

export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  currentPassword: '',
  newUsername: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * SPEC §5 admin update: the current password is required; a new username or a new password
 * (or both); the new password differs from the current one, is long enough and is typed
 * twice the same.
 */
export function validateAccountForm(values: AccountFormValues): AccountFormErrors {
  const errors: AccountFormErrors = {};
  if (values.currentPassword === '') {
    errors.currentPassword = 'settings.account.currentRequired';
  }
  if (values.newUsername.trim() === '' && values.newPassword === '') {
    errors.newUsername = 'settings.account.nothingToChange';
    return errors;
  }
  if (values.newPassword !== '') {
    if (values.newPassword.length < NEW_PASSWORD_MIN_LENGTH) {
      errors.newPassword = 'settings.account.passwordTooShort';
    } else if (values.newPassword === values.currentPassword) {
      errors.newPassword = 'errors.NEW_PASSWORD_SAME';
    }
    if (values.confirmPassword !== values.newPassword) {
      errors.confirmPassword = 'settings.account.confirmMismatch';
    }
  }
  return errors;
}

/** The POST body: only the fields the admin filled in. */
export function toChangePasswordBody(values: AccountFormValues): ChangePasswordBody {
  const newUsername = values.newUsername.trim();
  return {
    currentPassword: values.currentPassword,
    ...(newUsername ? { newUsername } : {}),
    ...(values.newPassword ? { newPassword: values.newPassword } : {}),
  };
}
