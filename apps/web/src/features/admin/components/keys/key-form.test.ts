import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { describe, expect, it } from 'vitest';
import {
  editKeyValues,
  newKeyValues,
  toCreateBody,
  toUpdateBody,
  validateKeyForm,
} from './key-form';

const now = new Date('2026-01-01T00:00:00.000Z');

describe('key form rules (SPEC §5, §9)', () => {
  it('requires a name', () => {
    expect(validateKeyForm({ ...newKeyValues(), name: '  ' }).name).toBe('keys.form.nameRequired');
    expect(validateKeyForm({ ...newKeyValues(), name: 'CI' })).toEqual({});
  });

  it('requires custom expiry days to be a whole number of at least one', () => {
    const custom = { ...newKeyValues(), name: 'CI', expiry: 'custom' as const };
    for (const bad of ['', 0, -3, 1.5]) {
      expect(validateKeyForm({ ...custom, customDays: bad }).customDays).toBe(
        'keys.form.customDaysInvalid',
      );
    }
    expect(validateKeyForm({ ...custom, customDays: 12 })).toEqual({});
  });

  it('requires a valid custom key only when the switch is on', () => {
    const values = { ...newKeyValues(), name: 'CI', customKey: 'bad key!' };
    expect(validateKeyForm(values)).toEqual({});
    expect(validateKeyForm({ ...values, useCustomKey: true }).customKey).toBe(
      'errors.CUSTOM_KEY_INVALID',
    );
    expect(validateKeyForm({ ...values, useCustomKey: true, customKey: '' }).customKey).toBe(
      'keys.form.customKeyRequired',
    );
    expect(validateKeyForm({ ...values, useCustomKey: true, customKey: 'ok_key-1' })).toEqual({});
  });

  it('refuses a base path that does not start with / or climbs out', () => {
    const values = { ...newKeyValues(), name: 'CI' };
    expect(validateKeyForm({ ...values, basicPath: 'photos' }).basicPath).toBeDefined();
    expect(validateKeyForm({ ...values, basicPath: '/a/../..' }).basicPath).toBeDefined();
    expect(validateKeyForm({ ...values, basicPath: '/photos' })).toEqual({});
  });

  it('builds the create body with the expiry as an instant and / as the default path', () => {
    const body = toCreateBody(
      { ...newKeyValues(), name: ' CI ', expiry: 'custom', customDays: 3, basicPath: '' },
      now,
    );
    expect(body).toEqual({
      name: 'CI',
      expires_at: '2026-01-04T00:00:00.000Z',
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      basic_path: '/',
    });
    expect(toCreateBody({ ...newKeyValues(), name: 'x', expiry: 'never' }, now).expires_at).toBe(
      null,
    );
    expect(
      toCreateBody({ ...newKeyValues(), name: 'x', useCustomKey: true, customKey: 'k-1' }, now)
        .custom_key,
    ).toBe('k-1');
  });

  it('sends only what changed when editing, and keeps the expiry unless a new one is chosen', () => {
    const item: ApiKeyItem = {
      id: 'k1',
      name: 'CI',
      key: 'pb_x',
      expires_at: '2027-01-01T00:00:00.000Z',
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      basic_path: '/',
      created_at: '2026-01-01T00:00:00.000Z',
      last_used: null,
      expired: false,
    };
    expect(toUpdateBody(item, editKeyValues(item), now)).toEqual({});
    expect(toUpdateBody(item, { ...editKeyValues(item), mount: true, expiry: '7d' }, now)).toEqual({
      mount_permission: true,
      expires_at: '2026-01-08T00:00:00.000Z',
    });
    expect(toUpdateBody(item, { ...editKeyValues(item), expiry: 'never' }, now)).toEqual({
      expires_at: null,
    });
  });
});
