import type { ColumnType, Generated } from 'kysely';

/** Times are ISO 8601 UTC strings in both dialects, so comparisons are plain string ones. */
export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionsTable {
  token_hash: string;
  admin_id: string;
  expires_at: string;
  created_at: string;
}

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
type FilesBigInt = ColumnType<number | string, number, number>;

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
  /** The share visited: exactly one of file_id and paste_id is set. */
  file_id: string | null;
  paste_id: string | null;
  byte_budget: FilesBigInt;
  bytes_served: ColumnType<number | string, number | undefined, number | string>;
  /** Slides forward with each served range, never past max_expires_at. */
  expires_at: string;
  max_expires_at: string;
  created_at: string;
}

/** Storage configs (SPEC §3 "S3 config"); keys are AES-GCM ciphertexts (DESIGN §5). */
export interface StorageConfigsTable {
  id: string;
  name: string;
  /** aws | r2 | b2 | minio | aliyun | other | local */
  provider_type: string;
  endpoint_url: string | null;
  region: string | null;
  bucket_name: string | null;
  path_style: number;
  access_key_cipher: string | null;
  secret_key_cipher: string | null;
  default_folder: string;
  custom_host: string | null;
  signature_expires_in: number;
  /** bigint: PostgreSQL answers a string, SQLite a number; read it with Number(). */
  total_storage_bytes: ColumnType<string | number | null, number | null, number | null>;
  root_path: string | null;
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** A virtual path mapped to a storage config (SPEC §3 "Mount point", DESIGN §7). */
export interface MountsTable {
  id: string;
  name: string;
  /** 'S3' or 'local', as SPEC shows it. */
  storage_type: string;
  storage_config_id: string;
  mount_path: string;
  remark: string | null;
  is_active: number;
  sort_order: number;
  cache_ttl: number;
  /** Grows with every write into the mount; part of every cached listing's key. */
  cache_epoch: ColumnType<number | string, number | undefined, number | string>;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A multipart upload into a mount (the fs API's multipart calls). */
export interface FsUploadSessionsTable {
  id: string;
  mount_id: string;
  /** The virtual path of the file being written. */
  path: string;
  storage_key: string;
  upload_id: string;
  content_type: string | null;
  file_size: FilesBigInt;
  part_size: FilesBigInt;
  created_by: string;
  created_at: string;
  expires_at: string;
  /** The config whose ledger holds the session's reservation; NULL before migration 014. */
  config_id: string | null;
  /** What init reserved on that ledger (the announced size); 0 before migration 014. */
  reserved_bytes: FilesBigInt;
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

/** A WebDAV write lock (RFC 4918 §6); ignored once expires_at has passed. */
export interface DavLocksTable {
  /** opaquelocktoken:{uuid} */
  token: string;
  /** The locked normal virtual path. */
  root: string;
  /** exclusive | shared */
  scope: string;
  /** 0 | infinity */
  depth: string;
  /** The lockinfo's owner element as XML text, given back verbatim in lockdiscovery. */
  owner_xml: string | null;
  /** The admin's id or 'apikey:{id}'. */
  principal: string;
  timeout_seconds: number;
  expires_at: string;
  created_at: string;
}

/** A WebDAV dead property (RFC 4918 §4), set by PROPPATCH. */
export interface DavPropertiesTable {
  path: string;
  namespace: string;
  name: string;
  /** The property element's inner XML, with the namespace declarations it needs. */
  value_xml: string;
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

/**
 * The capacity ledger of a storage config (migration 011, DESIGN §5): bigints, which
 * PostgreSQL answers as strings; read them with Number().
 */
export interface StorageUsageTable {
  config_id: string;
  /** Bytes the storage holds as far as the product knows. */
  used_bytes: ColumnType<number | string, number, number>;
  /** Bytes of writes in flight. */
  reserved_bytes: ColumnType<number | string, number, number>;
  reconciled_at: string | null;
}

/**
 * A presigned single PUT into a mount and the capacity it holds (migration 013):
 * open until a commit (or the sweeper) settles it, or the sweeper releases it.
 */
export interface FsPresignUploadsTable {
  id: string;
  config_id: string;
  mount_id: string;
  path: string;
  storage_key: string;
  reserved_bytes: FilesBigInt;
  /** The object at the key when presign ran; NULL when there was none. */
  replaced_bytes: ColumnType<number | string | null, number | null, number | null>;
  replaced_etag: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
  settled_at: string | null;
}

/**
 * One folder of a lease on S3 folders being moved or deleted (migration 015): refused to
 * anyone else while unexpired wherever its prefix is, contains or lies inside theirs.
 */
export interface FolderLeasesTable {
  lease_id: string;
  config_id: string;
  /** A folder key with its trailing slash: 'a/b/'. */
  prefix: string;
  holder: string;
  created_at: string;
  expires_at: string;
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

export interface Database {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  api_keys: ApiKeysTable;
  pastes: PastesTable;
  rate_limits: RateLimitsTable;
  storage_configs: StorageConfigsTable;
  system_settings: SystemSettingsTable;
  files: FilesTable;
  upload_sessions: UploadSessionsTable;
  share_visits: ShareVisitsTable;
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
}
