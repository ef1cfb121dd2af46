import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Every TanStack Query key of the app, named once. Keys are hierarchical: invalidating a
 * root (`managedPastes.all`) refreshes every list and detail below it, whichever screen
 * (admin panel or user panel) shows them.
 */
export const queryKeys = {
  /** Shares as the admin or a key user manages them (text-management). */
  managedPastes: {
    all: ['managed-pastes'] as const,
    list: (authType: string, params: { page: number; search: string }) =>
      ['managed-pastes', 'list', authType, params] as const,
    detail: (authType: string, id: string) => ['managed-pastes', 'detail', authType, id] as const,
  },
  /** File shares as the admin or a key user manages them (file-management). */
  managedFiles: {
    all: ['managed-files'] as const,
    list: (authType: string, search: string) =>
      ['managed-files', 'list', authType, search] as const,
    detail: (authType: string, id: string) => ['managed-files', 'detail', authType, id] as const,
    previewText: (fileId: string) => ['managed-files', 'preview-text', fileId] as const,
  },
  /** Bundles as their owner manages them (issue 33). */
  managedBundles: {
    all: ['managed-bundles'] as const,
    list: (authType: string, search: string) =>
      ['managed-bundles', 'list', authType, search] as const,
    detail: (authType: string, id: string) => ['managed-bundles', 'detail', authType, id] as const,
  },
  /** File requests as their owner manages them, and what each received (issue 33). */
  managedRequests: {
    all: ['managed-requests'] as const,
    list: (authType: string, search: string) =>
      ['managed-requests', 'list', authType, search] as const,
    uploads: (authType: string, id: string) =>
      ['managed-requests', 'uploads', authType, id] as const,
  },
  /**
   * One share as opened by its link. Not under a list root: opening it spends a view, so
   * list refreshes must never re-read it.
   */
  pasteView: (slug: string) => ['paste-view', slug] as const,
  /** One file share as opened by its link (each read is a view, as for pasteView). */
  publicFile: (slug: string) => ['public-file', slug] as const,
  /** A bundle as opened by its link (each read is a view, as for pasteView). */
  publicBundle: (slug: string) => ['public-bundle', slug] as const,
  /** The start of a public text file, per visit link. */
  fileText: (previewUrl: string) => ['file-text', previewUrl] as const,
  /** Storage configs with their usage; the upload form's choices sit below the root. */
  storageConfigs: {
    all: ['storage-configs'] as const,
    choices: ['storage-configs', 'choices'] as const,
  },
  apiKeys: ['api-keys'] as const,
  /** Active WebDAV locks, as the admin sees and releases them. */
  davLocks: ['admin', 'dav-locks'] as const,
  /** Mounts as the admin manages them, or as a key with mount permission reads them. */
  mounts: {
    all: ['mounts'] as const,
    list: (authType: string) => ['mounts', 'list', authType] as const,
  },
  /** Folder listings and entries of the mount file system, per caller family. */
  fs: {
    all: ['fs'] as const,
    list: (authType: string, path: string) => ['fs', 'list', authType, path] as const,
    entry: (authType: string, path: string) => ['fs', 'entry', authType, path] as const,
    text: (authType: string, path: string) => ['fs', 'text', authType, path] as const,
  },
  /** Background tasks (copy…), polled while any is active. */
  tasks: {
    all: ['tasks'] as const,
    list: (authType: string) => ['tasks', 'list', authType] as const,
  },
  adminSession: ['admin-session'] as const,
  /** The signed-in account (issue 32): who it is, and its sessions. */
  account: {
    all: ['account'] as const,
    me: ['account', 'me'] as const,
    sessions: ['account', 'sessions'] as const,
  },
  systemSettings: ['admin', 'system-settings'] as const,
  /** The admin's security rules and single sign-on settings (issue 32). */
  securitySettings: ['admin', 'security-settings'] as const,
  ssoSettings: ['admin', 'sso-settings'] as const,
  /** Whether the login screen offers single sign-on (public, not a session's). */
  ssoLoginInfo: ['auth', 'sso'] as const,
  /** The audit log, per filter and page (issue 32). */
  audit: {
    all: ['admin', 'audit'] as const,
    list: (params: object) => ['admin', 'audit', 'list', params] as const,
  },
  /** Accounts as the admin manages them (issue 32). */
  accounts: {
    all: ['admin', 'accounts'] as const,
    list: (params: { page: number; search: string; role: string }) =>
      ['admin', 'accounts', 'list', params] as const,
    /** Every account (first page of 100): the delete dialog's choice, creator names. */
    choices: ['admin', 'accounts', 'choices'] as const,
  },
  /** The admin dashboard's totals, activity and storage usage. */
  dashboardStats: ['admin', 'dashboard-stats'] as const,
  maxUploadSize: ['system', 'max-upload-size'] as const,
};

/**
 * What a change to one kind of item makes stale: every list that shows it, and the
 * storage usage a file counts toward.
 */
export type ChangedKind =
  | 'paste'
  | 'fileShare'
  | 'fileObject'
  | 'bundle'
  | 'fileRequest'
  | 'storageConfig'
  | 'apiKey'
  | 'davLock'
  | 'systemSettings'
  | 'mount'
  | 'fsEntry'
  | 'task';

const STALE_AFTER: Record<ChangedKind, InvalidateQueryFilters[]> = {
  paste: [{ queryKey: queryKeys.managedPastes.all }],
  /** A share's details changed. */
  fileShare: [{ queryKey: queryKeys.managedFiles.all }],
  /** A bundle came, went or changed (a bundle deleted with its files: fileObject too). */
  bundle: [{ queryKey: queryKeys.managedBundles.all }],
  /** A request or what it received changed (a received file deleted: fileObject too). */
  fileRequest: [{ queryKey: queryKeys.managedRequests.all }],
  /** A stored object came or went: the usage on the storage list changed too. */
  fileObject: [
    { queryKey: queryKeys.managedFiles.all },
    // A deleted file leaves its bundles (issue 33): their counts and sizes change.
    { queryKey: queryKeys.managedBundles.all },
    { queryKey: queryKeys.storageConfigs.all, exact: true },
  ],
  /** A config changed: the storage list and the upload form's choices. */
  storageConfig: [{ queryKey: queryKeys.storageConfigs.all }],
  /** Deleting or disabling a key drops its WebDAV locks too. */
  apiKey: [{ queryKey: queryKeys.apiKeys }, { queryKey: queryKeys.davLocks }],
  davLock: [{ queryKey: queryKeys.davLocks }],
  systemSettings: [{ queryKey: queryKeys.maxUploadSize }],
  /** A mount came, went or moved: the mount list and every listing (the root shows mounts). */
  mount: [{ queryKey: queryKeys.mounts.all }, { queryKey: queryKeys.fs.all }],
  /** A file or folder changed inside a mount. */
  fsEntry: [{ queryKey: queryKeys.fs.all }],
  /** A task started, finished or was cleared; a finished copy changed the listings too. */
  task: [{ queryKey: queryKeys.tasks.all }, { queryKey: queryKeys.fs.all }],
};

/** Marks every list showing an item of `kind` stale; the ones on screen refetch. */
export async function invalidateAfterChange(
  queryClient: QueryClient,
  kind: ChangedKind,
): Promise<void> {
  await Promise.all(STALE_AFTER[kind].map((filters) => queryClient.invalidateQueries(filters)));
}

/** The keys that hold what a signed-in session saw; dropped when the session ends. */
export const SESSION_QUERY_ROOTS = [
  queryKeys.managedPastes.all,
  queryKeys.managedFiles.all,
  queryKeys.managedBundles.all,
  queryKeys.managedRequests.all,
  queryKeys.storageConfigs.all,
  queryKeys.apiKeys,
  queryKeys.davLocks,
  queryKeys.adminSession,
  queryKeys.account.all,
  queryKeys.mounts.all,
  queryKeys.fs.all,
  queryKeys.tasks.all,
  queryKeys.dashboardStats,
  queryKeys.systemSettings,
  queryKeys.securitySettings,
  queryKeys.ssoSettings,
  queryKeys.audit.all,
  queryKeys.accounts.all,
] as const;
