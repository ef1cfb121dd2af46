import type { AccountItem } from '@pastebox/contract/schemas/account';
import { describe, expect, it } from 'vitest';
import {
  bytesToQuota,
  editAccountValues,
  newAccountValues,
  quotaToBytes,
  toCreateBody,
  toUpdateBody,
  validateAccountForm,
  validatePasswordPair,
} from './account-form';

const GiB = 1024 ** 3;
const member: AccountItem = {
  id: 'a2',
  username: 'alice',
  display_name: 'Alice',
  email: null,
  role: 'member',
  text_permission: true,
  file_permission: true,
  mount_permission: false,
  basic_path: '/team',
  quota_bytes: 2 * GiB,
  used_bytes: 0,
  disabled: false,
  has_password: true,
  invite_expires_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('account form', () => {
  it('shows a quota whole in GiB when it can, else in MiB, and 0 as none', () => {
    expect(bytesToQuota(0)).toEqual({ quota: 0, quotaUnit: 'GB' });
    expect(bytesToQuota(2 * GiB)).toEqual({ quota: 2, quotaUnit: 'GB' });
    expect(bytesToQuota(1536 * 1024 ** 2 + 1024 ** 2)).toEqual({ quota: 1537, quotaUnit: 'MB' });
    expect(quotaToBytes('', 'GB')).toBe(0);
    expect(quotaToBytes(1.5, 'GB')).toBe(1.5 * GiB);
  });

  it('checks the username, e-mail, base path and quota before sending', () => {
    const values = { ...newAccountValues(), username: 'bad name', email: 'nope', basicPath: 'x' };
    expect(validateAccountForm(values)).toEqual({
      username: 'accounts.form.usernameInvalid',
      email: 'accounts.form.emailInvalid',
      basicPath: 'keys.form.basicPathInvalid',
    });
    expect(validateAccountForm({ ...newAccountValues(), username: 'bob.smith@corp' })).toEqual({});
    // An admin's rights are the server's to fix: its member fields are not checked.
    expect(validateAccountForm({ ...values, username: 'b', email: '', role: 'admin' })).toEqual({});
  });

  it('wants six characters, typed the same twice', () => {
    expect(validatePasswordPair({ password: 'short', confirm: 'short' })).toEqual({
      password: 'accounts.password.tooShort',
    });
    expect(validatePasswordPair({ password: 'secret-1', confirm: 'secret-2' })).toEqual({
      confirm: 'accounts.password.mismatch',
    });
    expect(validatePasswordPair({ password: 'secret-1', confirm: 'secret-1' })).toEqual({});
  });

  it('creates with a password or an invitation, and sends an admin no member rights', () => {
    const values = { ...newAccountValues(), username: ' bob ', quota: 1, quotaUnit: 'GB' as const };
    expect(toCreateBody(values, 'password', 'secret-1')).toEqual({
      username: 'bob',
      display_name: '',
      email: '',
      role: 'member',
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      basic_path: '/',
      quota_bytes: GiB,
      password: 'secret-1',
    });
    expect(toCreateBody({ ...values, role: 'admin' }, 'invite', '')).toEqual({
      username: 'bob',
      display_name: '',
      email: '',
      role: 'admin',
      invite: true,
    });
  });

  it('sends only what changed', () => {
    const values = editAccountValues(member);
    expect(toUpdateBody(member, values)).toEqual({});
    expect(toUpdateBody(member, { ...values, username: 'alice2', mount: true, quota: 0 })).toEqual({
      username: 'alice2',
      mount_permission: true,
      quota_bytes: 0,
    });
  });
});
