import type { Permissions } from '@pastebox/contract/schemas/auth';
import {
  IconCloudCog,
  IconFileText,
  IconFiles,
  IconFolders,
  IconInbox,
  IconKey,
  IconLayoutDashboard,
  IconListSearch,
  IconPackages,
  IconSettings,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { AuthType } from '@/lib/auth/auth-store';

/** The admin modules of SPEC §2, in sidebar order. */
export const ADMIN_MODULE_IDS = [
  'dashboard',
  'text-management',
  'file-management',
  'bundles',
  'file-requests',
  'storage-config',
  'mount-management',
  'key-management',
  'accounts',
  'audit',
  'settings',
  'account',
] as const;
export type AdminModuleId = (typeof ADMIN_MODULE_IDS)[number];

/**
 * Who may open a module: the admin only, or a key holding the named permission (SPEC §6);
 * `account` (issue 32): whoever signed in with an account — the admin and members, no key.
 */
type ModuleAccess = 'admin' | 'account' | keyof Permissions;

interface AdminModuleShape {
  id: AdminModuleId;
  icon: Icon;
  titleKey: string;
  access: ModuleAccess;
}

export const ADMIN_MODULES = [
  {
    id: 'dashboard',
    icon: IconLayoutDashboard,
    titleKey: 'admin.modules.dashboard',
    access: 'admin',
  },
  {
    id: 'text-management',
    icon: IconFileText,
    titleKey: 'admin.modules.textManagement',
    access: 'text',
  },
  {
    id: 'file-management',
    icon: IconFiles,
    titleKey: 'admin.modules.fileManagement',
    access: 'file',
  },
  // Issue 33: several file shares behind one link; whoever may manage files.
  { id: 'bundles', icon: IconPackages, titleKey: 'bundles.module.title', access: 'file' },
  // Issue 33: links through which others send you files; whoever may upload files.
  {
    id: 'file-requests',
    icon: IconInbox,
    titleKey: 'fileRequests.moduleTitle',
    access: 'file',
  },
  {
    id: 'storage-config',
    icon: IconCloudCog,
    titleKey: 'admin.modules.storageConfig',
    access: 'admin',
  },
  {
    id: 'mount-management',
    icon: IconFolders,
    titleKey: 'admin.modules.mountManagement',
    access: 'mount',
  },
  {
    id: 'key-management',
    icon: IconKey,
    titleKey: 'admin.modules.keyManagement',
    access: 'admin',
  },
  { id: 'accounts', icon: IconUsers, titleKey: 'admin.modules.accounts', access: 'admin' },
  { id: 'audit', icon: IconListSearch, titleKey: 'admin.modules.audit', access: 'admin' },
  { id: 'settings', icon: IconSettings, titleKey: 'admin.modules.settings', access: 'admin' },
  { id: 'account', icon: IconUserCircle, titleKey: 'admin.modules.account', access: 'account' },
] as const satisfies readonly AdminModuleShape[];
export type AdminModule = (typeof ADMIN_MODULES)[number];

/** The admin's landing module (SPEC §2: the module defaults to dashboard). */
export const DEFAULT_ADMIN_MODULE: AdminModuleId = 'dashboard';

/**
 * The modules a caller may open (SPEC §6): everything for the admin; for a key user only
 * text-management, file-management and mount-management, each behind its permission; a
 * member (issue 32) the same, plus its Account.
 */
export function allowedModules(authType: AuthType, permissions: Permissions): AdminModule[] {
  if (authType === 'admin') {
    return [...ADMIN_MODULES];
  }
  if (authType === 'none') {
    return [];
  }
  return ADMIN_MODULES.filter((module) =>
    module.access === 'account'
      ? authType === 'member'
      : module.access !== 'admin' && permissions[module.access],
  );
}

/** The module the id names, if it is one of SPEC §2's (whoever may open it). */
export function findModule(id: string | undefined): AdminModule | undefined {
  return ADMIN_MODULES.find((module) => module.id === id);
}

/**
 * Where a signed-in caller lands on /admin (SPEC §2): the dashboard for the admin; the
 * dashboard is the admin's alone, so a key lands on the first module it may open, in sidebar
 * order (text, file, mount management). Undefined: the key may open none.
 */
export function landingModule(
  authType: AuthType,
  modules: readonly AdminModule[],
): AdminModuleId | undefined {
  return authType === 'admin' ? DEFAULT_ADMIN_MODULE : modules[0]?.id;
}
