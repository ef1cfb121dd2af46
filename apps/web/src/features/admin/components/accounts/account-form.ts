import { normaliseBasicPath } from '@pastebox/contract/rules/api-key';
import {
  USERNAME_PATTERN,
  type AccountItem,
  type AccountRole,
  type CreateAccountBody,
  type UpdateAccountBody,
} from '@pastebox/contract/schemas/account';
import { NEW_PASSWORD_MIN_LENGTH } from '@pastebox/contract/schemas/auth';

/** The quota's units: binary, as the app shows every size (MiB, GiB). */
export type QuotaUnit = 'MB' | 'GB';
export const QUOTA_UNITS: readonly QuotaUnit[] = ['MB', 'GB'];
const UNIT_BYTES: Record<QuotaUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3 };
/** The server's ceiling (1 PiB), so the number stays exact everywhere. */
const MAX_QUOTA_BYTES = 2 ** 50;
const USERNAME_MAX_LENGTH = 100;
/** Loose on purpose: the server's check is the real one; this catches a missing @ early. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AccountFormValues {
  username: string;
  displayName: string;
  email: string;
  role: AccountRole;
  text: boolean;
  file: boolean;
  mount: boolean;
  basicPath: string;
  quota: number | string;
  quotaUnit: QuotaUnit;
}

/** How a new account gets its password: set now, or chosen by the person from a link. */
export type CredentialChoice = 'password' | 'invite';

export interface PasswordPair {
  password: string;
  confirm: string;
}

/** i18n keys of the problems found, per field. */
export type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;
export type PasswordErrors = Partial<Record<keyof PasswordPair, string>>;

/** A new member: text shares only, everything under /, no quota. */
export function newAccountValues(): AccountFormValues {
  return {
    username: '',
    displayName: '',
    email: '',
    role: 'member',
    text: true,
    file: false,
    mount: false,
    basicPath: '/',
    quota: 0,
    quotaUnit: 'GB',
  };
}

/** Bytes → the unit that shows them whole if it can (GiB first), else MiB. */
export function bytesToQuota(bytes: number): { quota: number; quotaUnit: QuotaUnit } {
  if (bytes === 0 || bytes % UNIT_BYTES.GB === 0) {
    return { quota: bytes / UNIT_BYTES.GB, quotaUnit: 'GB' };
  }
  return { quota: Math.round((bytes / UNIT_BYTES.MB) * 100) / 100, quotaUnit: 'MB' };
}

/** The quota in the form's unit → whole bytes; an empty field means none (0). */
export function quotaToBytes(quota: number | string, unit: QuotaUnit): number {
  return quota === '' ? 0 : Math.round(Number(quota) * UNIT_BYTES[unit]);
}

/** Editing starts from the account as it is. */
export function editAccountValues(item: AccountItem): AccountFormValues {
  return {
    username: item.username,
    displayName: item.display_name ?? '',
    email: item.email ?? '',
    role: item.role,
    text: item.text_permission,
    file: item.file_permission,
    mount: item.mount_permission,
    basicPath: item.basic_path,
    ...bytesToQuota(item.quota_bytes),
  };
}

/** The username and e-mail rules of the API, checked before sending; the rest for members. */
export function validateAccountForm(values: AccountFormValues): AccountFormErrors {
  const errors: AccountFormErrors = {};
  const username = values.username.trim();
  if (username === '') {
    errors.username = 'accounts.form.usernameRequired';
  } else if (username.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(username)) {
    errors.username = 'accounts.form.usernameInvalid';
  }
  const email = values.email.trim();
  if (email !== '' && !EMAIL_SHAPE.test(email)) {
    errors.email = 'accounts.form.emailInvalid';
  }
  if (values.role === 'member') {
    if (normaliseBasicPath(values.basicPath.trim() || '/') === null) {
      errors.basicPath = 'keys.form.basicPathInvalid';
    }
    const bytes = quotaToBytes(values.quota, values.quotaUnit);
    if (!Number.isFinite(bytes) || bytes < 0 || bytes > MAX_QUOTA_BYTES) {
      errors.quota = 'accounts.form.quotaInvalid';
    }
  }
  return errors;
}

/** At least six characters, typed the same twice. */
export function validatePasswordPair(pair: PasswordPair): PasswordErrors {
  const errors: PasswordErrors = {};
  if (pair.password.length < NEW_PASSWORD_MIN_LENGTH) {
    errors.password = 'accounts.password.tooShort';
  } else if (pair.confirm !== pair.password) {
    errors.confirm = 'accounts.password.mismatch';
  }
  return errors;
}

/** The settings every role sends; an admin's rights are the server's to fix (all, at /). */
function settingsOf(values: AccountFormValues) {
  const common = {
    display_name: values.displayName.trim(),
    email: values.email.trim(),
    role: values.role,
  };
  if (values.role === 'admin') {
    return common;
  }
  return {
    ...common,
    text_permission: values.text,
    file_permission: values.file,
    mount_permission: values.mount,
    basic_path: values.basicPath.trim() || '/',
    quota_bytes: quotaToBytes(values.quota, values.quotaUnit),
  };
}

/** The POST body: the settings, and a password or an invitation. */
export function toCreateBody(
  values: AccountFormValues,
  credential: CredentialChoice,
  password: string,
): CreateAccountBody {
  return {
    username: values.username.trim(),
    ...settingsOf(values),
    ...(credential === 'invite' ? { invite: true } : { password }),
  };
}

/** Only what changed, so a save never rewrites a field the admin did not touch. */
export function toUpdateBody(item: AccountItem, values: AccountFormValues): UpdateAccountBody {
  const before: Record<string, unknown> = {
    username: item.username,
    display_name: item.display_name ?? '',
    email: item.email ?? '',
    role: item.role,
    text_permission: item.text_permission,
    file_permission: item.file_permission,
    mount_permission: item.mount_permission,
    basic_path: item.basic_path,
    quota_bytes: item.quota_bytes,
  };
  const after: Record<string, unknown> = {
    username: values.username.trim(),
    ...settingsOf(values),
  };
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== before[key]) {
      body[key] = value;
    }
  }
  return body;
}
