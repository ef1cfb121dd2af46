import { NEW_PASSWORD_MIN_LENGTH } from '@pastebox/contract/schemas/auth';

export interface PasswordFormValues {
  current: string;
  next: string;
  confirm: string;
}

/** i18n keys of the problems found, per field. */
export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, string>>;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = { current: '', next: '', confirm: '' };

/**
 * The current password, a new one long enough and different from it (as the server asks,
 * SPEC §5), typed twice the same.
 */
export function validatePasswordForm(values: PasswordFormValues): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (values.current === '') {
    errors.current = 'account.password.currentRequired';
  }
  if (values.next === '') {
    errors.next = 'account.password.newRequired';
  } else if (values.next.length < NEW_PASSWORD_MIN_LENGTH) {
    errors.next = 'account.password.tooShort';
  } else if (values.next === values.current) {
    errors.next = 'errors.NEW_PASSWORD_SAME';
  }
  if (values.next !== '' && values.confirm !== values.next) {
    errors.confirm = 'account.password.mismatch';
  }
  return errors;
}
