import { adminCall } from './api';

/** A phone's viewport (an iPhone 12–15 in CSS pixels). */
export const PHONE = { width: 390, height: 844 } as const;

/** One way a journey looks at a screen: language, theme and width. */
export interface Look {
  language: 'en-US' | 'zh-CN';
  theme: 'light' | 'dark';
  viewport: typeof PHONE | undefined;
  name: 'desktop' | 'phone';
}

/**
 * Both languages in both themes, at desktop and phone width (each language at each width
 * once): what a journey that documents a screen photographs.
 */
export const FOUR_LOOKS: readonly Look[] = [
  { language: 'en-US', theme: 'light', viewport: undefined, name: 'desktop' },
  { language: 'en-US', theme: 'dark', viewport: PHONE, name: 'phone' },
  { language: 'zh-CN', theme: 'light', viewport: PHONE, name: 'phone' },
  { language: 'zh-CN', theme: 'dark', viewport: undefined, name: 'desktop' },
];

/**
 * A mount at /team on the default storage config (the local one of a fresh server), with
 * the text files given (path below /team → content).
 */
export async function mountTeam(
  baseUrl: string,
  token: string,
  files: Record<string, string>,
): Promise<void> {
  const call = <T>(method: string, route: string, body?: unknown) =>
    adminCall<T>(baseUrl, token, method, route, body);
  const configs = await call<{ id: string; is_default: boolean }[]>('GET', '/s3-configs');
  await call('POST', '/admin/mounts', {
    name: 'Team',
    mount_path: '/team',
    storage_config_id: (configs.find((config) => config.is_default) ?? configs[0])?.id,
    sort_order: 0,
    cache_ttl: 300,
  });
  for (const [name, content] of Object.entries(files)) {
    await call('POST', '/admin/fs/update', { path: `/team/${name}`, content });
  }
}

/** Each language in each theme; the journey chooses the width of each. */
export const LANGUAGE_THEME_PAIRS = [
  { language: 'en-US', theme: 'light' },
  { language: 'en-US', theme: 'dark' },
  { language: 'zh-CN', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const;
export type LanguageThemePair = (typeof LANGUAGE_THEME_PAIRS)[number];
