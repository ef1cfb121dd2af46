import type { KeyExpiryOption } from '@pastebox/contract/limits';
import {
  isValidCustomKey,
  keyExpiryToIso,
  normaliseBasicPath,
} from '@pastebox/contract/rules/api-key';
import type {
  ApiKeyItem,
  CreateApiKeyBody,
  UpdateApiKeyBody,
} from '@pastebox/contract/schemas/api-key';

/** Editing offers "keep the current expiry" on top of the SPEC §9 choices. */
export type KeyExpiryChoice = KeyExpiryOption | 'keep';

/** A custom expiry beyond a century is a typo, not a plan. */
export const MAX_CUSTOM_DAYS = 36_500;

export interface KeyFormValues {
  name: string;
  expiry: KeyExpiryChoice;
  customDays: number | string;
  text: boolean;
  file: boolean;
  mount: boolean;
  useCustomKey: boolean;
  customKey: string;
  basicPath: string;
}

/** i18n keys of the problems found, per field. */
export type KeyFormErrors = Partial<Record<keyof KeyFormValues, string>>;

/** Defaults for a new key: text permission, 30 days, base path /. */
export function newKeyValues(): KeyFormValues {
  return {
    name: '',
    expiry: '30d',
    customDays: 90,
    text: true,
    file: false,
    mount: false,
    useCustomKey: false,
    customKey: '',
    basicPath: '/',
  };
}

/** Editing starts from the key as it is, its expiry kept. */
export function editKeyValues(item: ApiKeyItem): KeyFormValues {
  return {
    name: item.name,
    expiry: 'keep',
    customDays: 90,
    text: item.text_permission,
    file: item.file_permission,
    mount: item.mount_permission,
    useCustomKey: false,
    customKey: '',
    basicPath: item.basic_path,
  };
}

/**
 * SPEC §5: the name is required; custom expiry days are required and a whole number of at
 * least one; a custom key, when switched on, is required and uses only letters, digits,
 * `_` and `-`; the base path starts with / (default /).
 */
export function validateKeyForm(values: KeyFormValues): KeyFormErrors {
  const errors: KeyFormErrors = {};
  if (values.name.trim() === '') {
    errors.name = 'keys.form.nameRequired';
  }
  if (values.expiry === 'custom') {
    const days = Number(values.customDays);
    if (values.customDays === '' || !Number.isInteger(days) || days < 1 || days > MAX_CUSTOM_DAYS) {
      errors.customDays = 'keys.form.customDaysInvalid';
    }
  }
  if (values.useCustomKey) {
    if (values.customKey === '') {
      errors.customKey = 'keys.form.customKeyRequired';
    } else if (!isValidCustomKey(values.customKey)) {
      errors.customKey = 'errors.CUSTOM_KEY_INVALID';
    }
  }
  if (normaliseBasicPath(values.basicPath.trim() || '/') === null) {
    errors.basicPath = 'keys.form.basicPathInvalid';
  }
  return errors;
}

function expiresAt(values: KeyFormValues, now: Date): string | null {
  const choice = values.expiry === 'keep' ? 'never' : values.expiry;
  return keyExpiryToIso(choice, now, Number(values.customDays));
}

/** The POST body; a custom key only when the switch is on. */
export function toCreateBody(values: KeyFormValues, now: Date): CreateApiKeyBody {
  return {
    name: values.name.trim(),
    expires_at: expiresAt(values, now),
    text_permission: values.text,
    file_permission: values.file,
    mount_permission: values.mount,
    ...(values.useCustomKey ? { custom_key: values.customKey } : {}),
    basic_path: values.basicPath.trim() || '/',
  };
}

/** Only changed fields; the expiry only when the admin picked a new one. */
export function toUpdateBody(item: ApiKeyItem, values: KeyFormValues, now: Date): UpdateApiKeyBody {
  const body: UpdateApiKeyBody = {};
  const name = values.name.trim();
  if (name !== item.name) {
    body.name = name;
  }
  if (values.expiry !== 'keep') {
    body.expires_at = expiresAt(values, now);
  }
  if (values.text !== item.text_permission) {
    body.text_permission = values.text;
  }
  if (values.file !== item.file_permission) {
    body.file_permission = values.file;
  }
  if (values.mount !== item.mount_permission) {
    body.mount_permission = values.mount;
  }
  const basicPath = values.basicPath.trim() || '/';
  if (basicPath !== item.basic_path) {
    body.basic_path = basicPath;
  }
  return body;
}
