/** Business constants of SPEC §9, shared by server and web. */
export const LIMITS = {
  slugMaxLength: 50,
  /** A paste's content, in bytes. Generous, but bounded so a request cannot exhaust memory. */
  pasteMaxBytes: 10 * 1024 * 1024,
  remarkMaxLength: 500,
  keyNameMaxLength: 100,
  pastesPageSize: 10,
  filesPageSize: 50,
  recentUploads: 3,
  defaultMaxUploadSizeMb: 100,
  multipartChunkBytes: 5 * 1024 * 1024,
  uploadConcurrency: 3,
  partTimeoutMs: 300_000,
  defaultFileLinkSeconds: 604_800,
  editableFileBytes: 10 * 1024 * 1024,
  mountNameMaxLength: 50,
  cacheTtlMaxSeconds: 86_400,
  authRevalidateMs: 300_000,
  offlineToastMs: 3_000,
  draftAutosaveMs: 30_000,
  draftMaxAgeMs: 24 * 60 * 60 * 1000,
  adminSessionDays: 7,
  /** A dismissed install prompt stays away this long (SPEC §9). */
  installPromptSnoozeMs: 7 * 24 * 60 * 60 * 1000,
  /** How often the install prompt checks whether it may show (SPEC §9). */
  installPromptCheckMs: 5_000,
  /** Offline copies older than this are removed (SPEC §9: offline cache clear, 7 days). */
  offlineCacheMaxAgeMs: 604_800_000,
} as const;

/** Paste expiry options offered by the editor (SPEC §9), in hours; null = never. */
export const PASTE_EXPIRY_OPTIONS = [
  { id: '1h', hours: 1 },
  { id: '1d', hours: 24 },
  { id: '7d', hours: 168 },
  { id: '30d', hours: 720 },
  { id: 'never', hours: null },
] as const;

export type PasteExpiryOption = (typeof PASTE_EXPIRY_OPTIONS)[number]['id'];

/** API key expiry options (SPEC §9); `custom` takes a number of days. */
export const KEY_EXPIRY_OPTIONS = ['1d', '7d', '30d', 'never', 'custom'] as const;
export type KeyExpiryOption = (typeof KEY_EXPIRY_OPTIONS)[number];

/** Local-storage keys of SPEC §3 plus DESIGN §9's backend address. */
export const STORAGE_KEYS = {
  adminToken: 'admin_token',
  apiKey: 'api_key',
  apiKeyPermissions: 'api_key_permissions',
  apiKeyInfo: 'api_key_info',
  themeMode: 'themeMode',
  language: 'language',
  backendUrl: 'backend_url',
  markdownDraft: 'markdown_draft',
  /** When the install prompt was last dismissed (ms since the epoch). */
  installPromptDismissedAt: 'install_prompt_dismissed_at',
  /** A member's session token (issue 32): sent as Bearer, like the admin's. */
  memberToken: 'member_token',
  /** The member's name and base path, as GET /api/account last answered (JSON). */
  memberInfo: 'member_info',
  /** The member's text/file/mount permissions, as GET /api/account last answered (JSON). */
  memberPermissions: 'member_permissions',
} as const;
