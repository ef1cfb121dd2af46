import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { describe, expect, it } from 'vitest';
import i18n, { initI18n, whenI18nReady } from './i18n';

describe('i18n', () => {
  it('loads the active locale only, and the other one when the user switches to it', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    initI18n();
    await whenI18nReady();
    expect(i18n.language).toBe('en-US');
    expect(i18n.hasResourceBundle('en-US', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(false);
    expect(i18n.t('titles.upload')).toBe('Upload files');

    await i18n.changeLanguage('zh-CN');
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(true);
    expect(i18n.t('titles.upload')).not.toBe('Upload files');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
