import { IconFolders, IconHome, IconSettings, IconUpload, type Icon } from '@tabler/icons-react';

export interface NavLinkSpec {
  to: string;
  labelKey: 'nav.home' | 'nav.upload' | 'nav.mountExplorer' | 'nav.admin';
  icon: Icon;
}

/** The header links of SPEC §2, in order. */
export const NAV_LINKS: NavLinkSpec[] = [
  { to: '/', labelKey: 'nav.home', icon: IconHome },
  { to: '/upload', labelKey: 'nav.upload', icon: IconUpload },
  { to: '/mount-explorer', labelKey: 'nav.mountExplorer', icon: IconFolders },
  { to: '/admin', labelKey: 'nav.admin', icon: IconSettings },
];

/** Where the source-repository link points; a deployment may override it in config.js. */
export function sourceUrl(): string {
  const configured = (window.__PASTEBOX_CONFIG__ as { sourceUrl?: string } | undefined)?.sourceUrl;
  return configured || 'https://github.com/pastebox/pastebox';
}
