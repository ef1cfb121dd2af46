import { STORAGE_KEYS } from '@pastebox/contract/limits';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type enUS from '@/locales/en-US.json';

export const SUPPORTED_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/**
 * Each locale is a chunk of its own (DESIGN §9: the first page's weight): a visitor
 * downloads the language they read, the other one only when they switch to it.
 */
const LOCALES: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  'en-US': () => import('@/locales/en-US.json'),
  'zh-CN': () => import('@/locales/zh-CN.json'),
};

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LOCALES[language as Language] as (typeof LOCALES)[Language] | undefined;
    if (!load) {
      callback(new Error(`no locale ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** en-US is the source of the key types; a test checks zh-CN has every key. */
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

let ready: Promise<unknown> | undefined;

/**
 * SPEC §1: the default follows the browser, the choice is kept under `language`,
 * fallback zh-CN. Loads the active locale; `whenI18nReady` tells when it is there.
 */
export function initI18n() {
  if (ready) {
    return i18n;
  }
  ready = i18n
    .use(localeBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      // Both locales are complete (locales.test.ts), so a supported language needs no
      // fallback bundle; only an unsupported code falls back, to zh-CN.
      fallbackLng: (code) => (toSupported(code) ? [] : ['zh-CN']),
      load: 'currentOnly',
      // Start loading now rather than on a timer (tests with fake timers would wait forever).
      initAsync: false,
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

/**
 * Settles once the active locale is loaded (or could not be: offline without it, the app
 * still starts rather than staying blank).
 */
export function whenI18nReady(): Promise<void> {
  return (ready ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

export function currentLanguage(): Language {
  return toSupported(i18n.language) ?? 'zh-CN';
}

export default i18n;
