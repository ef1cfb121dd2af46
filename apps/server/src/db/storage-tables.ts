import type { ColumnType } from 'kysely';
import type { FilesBigInt } from './types';

/**
 * The storage manager's tables (storage configs, mounts, WebDAV locks and properties, the
 * capacity ledger, fs uploads, folder leases), apart from the shares' so each file reads
 * as one thing; `db/types.ts` re-exports them with the Database they belong to.
 */

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
