import { BUILT_IN_LOCAL_STORAGE_NAME } from '@pastebox/contract/schemas/storage-config';
import { describe, expect, it } from 'vitest';
import i18n, { initI18n } from './i18n';
import { configDisplayName, storageDisplayName } from './storage-display-name';

describe('storage display name', () => {
  it('shows the built-in local config in the UI language, any other name as typed', async () => {
    initI18n();
    await i18n.changeLanguage('zh-CN');
    const t = i18n.t;
    expect(storageDisplayName(t, { name: BUILT_IN_LOCAL_STORAGE_NAME, local: true })).toBe(
      '本地存储',
    );
    expect(configDisplayName(t, { name: 'Local storage', storage_type: 'local' })).toBe('本地存储');
    // Renamed, or an S3 config that happens to carry the name: the admin's own words.
    expect(storageDisplayName(t, { name: 'Team disk', local: true })).toBe('Team disk');
    expect(configDisplayName(t, { name: 'Local storage', storage_type: 's3' })).toBe(
      'Local storage',
    );
    await i18n.changeLanguage('en-US');
    expect(storageDisplayName(i18n.t, { name: 'Local storage', local: true })).toBe(
      'Local storage',
    );
  });
});
