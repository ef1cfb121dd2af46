import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Language = 'en-US' | 'zh-CN';
type Messages = Record<string, unknown>;

/** The app's own locale files, so a journey that runs in both languages names its words once. */
const MESSAGES: Record<Language, Messages> = {
  'en-US': JSON.parse(fs.readFileSync(path.join(here, '../../src/locales/en-US.json'), 'utf8')),
  'zh-CN': JSON.parse(fs.readFileSync(path.join(here, '../../src/locales/zh-CN.json'), 'utf8')),
};

/** A UI string as the app shows it in `language` (so one journey serves both). */
export function tr(language: Language, key: string, vars: Record<string, string | number> = {}) {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Messages)[part], MESSAGES[language]);
  if (typeof found !== 'string') {
    throw new Error(`no message ${key}`);
  }
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
}
