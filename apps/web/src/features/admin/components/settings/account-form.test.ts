import { describe, expect, it } from 'vitest';
import { EMPTY_ACCOUNT_FORM, toChangePasswordBody, validateAccountForm } from './account-form';

describe('admin account update rules (SPEC §5)', () => {
  it('requires the current password and at least one change', () => {
    expect(validateAccountForm(EMPTY_ACCOUNT_FORM)).toEqual({
      currentPassword: 'settings.account.currentRequired',
      newUsername: 'settings.account.nothingToChange',
    });
  });

  it('accepts a new username alone', () => {
    const values = { ...EMPTY_ACCOUNT_FORM, currentPassword: 'old-pass', newUsername: ' boss ' };
    expect(validateAccountForm(values)).toEqual({});
    expect(toChangePasswordBody(values)).toEqual({
      currentPassword: 'old-pass',
      newUsername: 'boss',
    });
  });

  it('refuses a new password equal to the current one, too short, or not confirmed', () => {
    const base = { ...EMPTY_ACCOUNT_FORM, currentPassword: 'old-pass' };
    expect(
      validateAccountForm({ ...base, newPassword: 'old-pass', confirmPassword: 'old-pass' }),
    ).toEqual({ newPassword: 'errors.NEW_PASSWORD_SAME' });
    expect(validateAccountForm({ ...base, newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      newPassword: 'settings.account.passwordTooShort',
    });
    expect(
      validateAccountForm({ ...base, newPassword: 'new-pass', confirmPassword: 'new-pasS' }),
    ).toEqual({ confirmPassword: 'settings.account.confirmMismatch' });
    const good = { ...base, newPassword: 'new-pass', confirmPassword: 'new-pass' };
    expect(validateAccountForm(good)).toEqual({});
    expect(toChangePasswordBody(good)).toEqual({
      currentPassword: 'old-pass',
      newPassword: 'new-pass',
    });
  });
});
