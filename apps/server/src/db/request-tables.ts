import type { Generated } from 'kysely';

/**
 * The tables of issue 33 (DESIGN §13): bundles, file requests and the webhook deliveries
 * that tell an owner what arrived. Types only; re-exported by ./types.ts.
 */

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
