import { IconFolders, IconHome, IconSettings, IconUpload, type Icon } from '@tabler/icons-react';
import { isScoped, type AuthType } from '@/lib/auth/auth-store';

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

/**
 * The label of a header link. The panel's title differs between admin and user (SPEC §2), so
 * for a key user or a member the Admin link reads "User", as the panel it opens is titled.
 */
export function navLabelKey(
  link: NavLinkSpec,
  authType: AuthType,
): NavLinkSpec['labelKey'] | 'adminPolish.userNav' {
  return link.labelKey === 'nav.admin' && isScoped(authType)
    ? 'adminPolish.userNav'
    : link.labelKey;
}

/** Where the source-repository link points; a deployment may override it in config.js. */
export function sourceUrl(): string {
  const configured = (window.__PASTEBOX_CONFIG__ as { sourceUrl?: string } | undefined)?.sourceUrl;
  return configured || 'https://github.com/pastebox/pastebox';
}
