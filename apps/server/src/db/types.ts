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
  AppPasswordsTable,
  PasskeysTable,
  RecoveryCodesTable,
  SignInChallengesTable,
  TotpTable,
} from './two-factor-tables';

export type * from './account-tables';
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

/** Several file shares behind one link (issue 33, migration 024): a share of its own. */
export interface BundlesTable {
  id: string;
  slug: string;
  title: string | null;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number;
  views: Generated<number>;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A bundle's files, in order; a deleted file leaves its bundles (cascade). */
export interface BundleFilesTable {
  bundle_id: string;
  file_id: string;
  position: number;
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

/** A webhook event on its way to a URL (migration 026, modules/webhooks). */
export interface WebhookDeliveriesTable {
  id: string;
  /** The account (or 'apikey:{id}') whose event it is; null for the system's own. */
  owner_id: string | null;
  event: string;
  url: string;
  /** The HMAC key, sealed with SECRET. */
  secret_cipher: string;
  /** The exact JSON body every attempt sends. */
  body: string;
  /** pending | running | delivered | failed */
  status: string;
  /** HTTP attempts made. */
  attempts: Generated<number>;
  /** Runner claims of the attempt under way (more than 1: taken over from a dead runner). */
  claims: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** The last answer's HTTP status; null when none came (timeout, refused). */
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A file request (migration 025, modules/file-requests). Limits: 0 = unlimited. */
export interface FileRequestsTable {
  id: string;
  slug: string;
  title: string;
  message: string | null;
  /** files | text */
  kind: string;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number;
  views: Generated<number>;
  max_files: number;
  max_file_bytes: number | string;
  max_total_bytes: number | string;
  /** JSON array of extensions and MIME patterns. */
  allowed_types: string;
  require_name: number;
  require_email: number;
  /** storage | mount | null (a text request) */
  target_type: string | null;
  s3_config_id: string | null;
  mount_path: string | null;
  webhook_url: string | null;
  webhook_secret_cipher: string | null;
  files_received: Generated<number>;
  bytes_received: Generated<number | string>;
  files_reserved: Generated<number>;
  bytes_reserved: Generated<number | string>;
  /** admin | member | apikey: the principal the stranger's uploads run as. */
  owner_kind: string;
  owner_id: string;
  owner_account_id: string | null;
  owner_base_path: string;
  created_by: string;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One upload's allowance in flight (migration 025). */
export interface RequestReservationsTable {
  id: string;
  request_id: string;
  bytes: number | string;
  /** The pending file share of a multipart session, when it is one. */
  file_id: string | null;
  expires_at: string;
}

/** A stranger's upload token, hashed (migration 025). */
export interface RequestTokensTable {
  token_hash: string;
  request_id: string;
  uploader_name: string | null;
  uploader_email: string | null;
  address: string | null;
  expires_at: string;
  created_at: string;
}

/** What a stranger sent through a request (migration 025). */
export interface RequestUploadsTable {
  id: string;
  request_id: string;
  /** file | text */
  kind: string;
  uploader_name: string | null;
  uploader_email: string | null;
  address: string | null;
  filename: string;
  mimetype: string;
  size: number | string;
  file_id: string | null;
  mount_path: string | null;
  paste_id: string | null;
  paste_slug: string | null;
  created_at: string;
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
}
