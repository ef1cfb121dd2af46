import { STORAGE_KEYS } from '@pastebox/contract/limits';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enUS from '@/locales/en-US.json';
import zhCN from '@/locales/zh-CN.json';

export const SUPPORTED_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** en-US is the source of the key types; a test checks zh-CN has every key. */
export const resources = {
  'en-US': { translation: enUS },
  'zh-CN': { translation: zhCN },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}

/** Maps a browser language (zh, zh-TW, en-GB…) onto one we ship. */
function toSupported(language: string | undefined): Language | undefined {
  if (!language) {
    return undefined;
  }
  const lower = language.toLowerCase();
  if (lower.startsWith('zh')) {
    return 'zh-CN';
  }
  if (lower.startsWith('en')) {
    return 'en-US';
  }
  return undefined;
}

/**
 * SPEC §1: the default follows the browser, the choice is kept under `language`,
 * fallback zh-CN.
 */
export function initI18n() {
  if (i18n.isInitialized) {
    return i18n;
  }
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      fallbackLng: 'zh-CN',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: false,
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: STORAGE_KEYS.language,
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => toSupported(lng) ?? 'zh-CN',
      },
      returnNull: false,
      // i18next otherwise prints an advertisement to the console on every page load.
      showSupportNotice: false,
    });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = i18n.language;
  return i18n;
}

export function currentLanguage(): Language {
  return toSupported(i18n.language) ?? 'zh-CN';
}

export default i18n;
