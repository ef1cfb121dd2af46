import type { ColumnType, Generated } from 'kysely';
import type {
  AccountIdentitiesTable,
  AccountInvitesTable,
  AccountsTable,
  AuditEventsTable,
  QuotaHoldsTable,
  SessionsTable,
  SsoStatesTable,
} from './account-tables';
import type {
  DavLocksTable,
  DavPropertiesTable,
  FolderLeasesTable,
  FsPresignUploadsTable,
  FsUploadSessionsTable,
  MountsTable,
  StorageConfigsTable,
  StorageUsageTable,
} from './storage-tables';
import type {
  BundleFilesTable,
  BundlesTable,
  FileRequestsTable,
  RequestReservationsTable,
  RequestTokensTable,
  RequestUploadsTable,
  WebhookDeliveriesTable,
} from './request-tables';
import type {
  AppPasswordsTable,
  PasskeysTable,
  RecoveryCodesTable,
  SignInChallengesTable,
  TotpTable,
} from './two-factor-tables';

export type * from './account-tables';
export type * from './request-tables';
export type * from './storage-tables';
export type * from './two-factor-tables';

/** Times are ISO 8601 UTC strings in both dialects, so comparisons are plain string ones. */
export interface ApiKeysTable {
  id: string;
  name: string;
  key_hash: string;
  key_cipher: string;
  text_permission: number;
  file_permission: number;
  mount_permission: number;
  basic_path: string;
  expires_at: string | null;
  created_at: string;
  last_used: string | null;
  /** The owning account (migration 018); NULL for keys an admin made before accounts. */
  account_id: string | null;
}

export interface PastesTable {
  id: string;
  slug: string;
  content: string;
  format: string;
  remark: string | null;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number;
  views: Generated<number>;
  created_by: string;
  /** 1: a file request's text answer, read by its owner only (migration 025). */
  private: Generated<number>;
  /** 1: the content is an end-to-end encrypted blob (migration 028, docs/encryption.md). */
  encrypted: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: string;
  count: number;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** bigint columns: PostgreSQL answers them as strings, SQLite as numbers; read with Number(). */
export type FilesBigInt = ColumnType<number | string, number, number>;

export interface FilesTable {
  id: string;
  slug: string;
  s3_config_id: string;
  path: string;
  storage_path: string;
  filename: string;
  mimetype: string;
  size: FilesBigInt;
  etag: string | null;
  remark: string | null;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number;
  views: Generated<number>;
  created_by: string;
  /** 'pending' while a presigned or multipart upload is in flight, then 'ready'. */
  status: string;
  /** 1: opened through its public link by its owner only (migration 023). */
  private: Generated<number>;
  /** 1: the object is an end-to-end encrypted blob (migration 029, docs/encryption.md). */
  encrypted: Generated<number>;
  /** The real name and type, sealed by the browser (base64url); set exactly when encrypted. */
  encrypted_meta: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadSessionsTable {
  id: string;
  file_id: string;
  s3_config_id: string;
  storage_path: string;
  upload_id: string;
  part_size: FilesBigInt;
  total_size: FilesBigInt;
  created_by: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** One opening of a share and what its links may still serve (DESIGN §5). */
export interface ShareVisitsTable {
  /** SHA-256 (hex) of the token in the visit's links. */
  id: string;
  /** The share visited: exactly one of file_id, paste_id and bundle_id is set. */
  file_id: string | null;
  paste_id: string | null;
  /** A bundle's ZIP link (migration 024). */
  bundle_id: string | null;
  byte_budget: FilesBigInt;
  bytes_served: ColumnType<number | string, number | undefined, number | string>;
  /** Slides forward with each served range, never past max_expires_at. */
  expires_at: string;
  max_expires_at: string;
  created_at: string;
}

type TaskBigInt = ColumnType<number | string, number | undefined, number | string>;

/** A background job (DESIGN §7): claimed with a lease, progress written as it goes. */
export interface TasksTable {
  id: string;
  /** copy | upload | delete | download */
  type: string;
  /** pending | running | completed | failed | cancelled | partial */
  status: string;
  title: string;
  /** JSON: what the job needs to run (its items, options). */
  payload: string;
  total_items: Generated<number>;
  processed_items: Generated<number>;
  total_bytes: TaskBigInt;
  processed_bytes: TaskBigInt;
  success_count: Generated<number>;
  skipped_count: Generated<number>;
  failed_count: Generated<number>;
  current_file: string | null;
  error: string | null;
  /** JSON array of { path, message }, at most 100. */
  failures: Generated<string>;
  /** JSON: where a job taken over after a crash resumes (job-specific). */
  checkpoint: string | null;
  cancel_requested: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: string | null;
  attempts: Generated<number>;
  created_by: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/**
 * One row (id 1): a counter that triggers bump with every change to an admin, a session or
 * an API key (migration 009), so every process knows when its principal cache went stale.
 */
export interface RevocationEpochTable {
  id: number;
  /** bigint: PostgreSQL answers it as a string. */
  epoch: ColumnType<number | string, never, never>;
}

/** A short link to a signed file link (migration 017): a code that redirects until expiry. */
export interface ShortLinksTable {
  code: string;
  target_url: string;
  path: string;
  created_by: string;
  created_at: string;
  expires_at: string;
}

/**
 * How many shares of one kind created on one UTC day have been removed since (migration
 * 016): kept by triggers on delete, read by the dashboard next to the rows still stored.
 */
export interface ShareRemovalsTable {
  kind: 'paste' | 'file';
  /** YYYY-MM-DD, the removed shares' created_at day. */
  created_day: string;
  /** bigint: a string from PostgreSQL. */
  removed: ColumnType<number | string, number, number>;
}

/** What an importer brought in, so a second run skips it (migration 030). */
export interface ImportOriginsTable {
  /** The product imported from: 'cloudpaste'. */
  source: string;
  /** 'storage-config' | 'file' | 'mount' | 'paste' | 'api-key' */
  kind: string;
  source_id: string;
  target_id: string;
  imported_at: string;
}

export interface Database {
  accounts: AccountsTable;
  sessions: SessionsTable;
  account_invites: AccountInvitesTable;
  audit_events: AuditEventsTable;
  quota_holds: QuotaHoldsTable;
  totp: TotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  app_passwords: AppPasswordsTable;
  sign_in_challenges: SignInChallengesTable;
  sso_states: SsoStatesTable;
  account_identities: AccountIdentitiesTable;
  api_keys: ApiKeysTable;
  pastes: PastesTable;
  rate_limits: RateLimitsTable;
  storage_configs: StorageConfigsTable;
  system_settings: SystemSettingsTable;
  files: FilesTable;
  upload_sessions: UploadSessionsTable;
  share_visits: ShareVisitsTable;
  bundles: BundlesTable;
  bundle_files: BundleFilesTable;
  mounts: MountsTable;
  fs_upload_sessions: FsUploadSessionsTable;
  tasks: TasksTable;
  dav_locks: DavLocksTable;
  dav_properties: DavPropertiesTable;
  revocation_epoch: RevocationEpochTable;
  storage_usage: StorageUsageTable;
  fs_presign_uploads: FsPresignUploadsTable;
  folder_leases: FolderLeasesTable;
  share_removals: ShareRemovalsTable;
  short_links: ShortLinksTable;
  file_requests: FileRequestsTable;
  request_reservations: RequestReservationsTable;
  request_tokens: RequestTokensTable;
  request_uploads: RequestUploadsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  import_origins: ImportOriginsTable;
}
