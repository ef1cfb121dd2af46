import type { Generated } from 'kysely';

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

export interface Database {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  api_keys: ApiKeysTable;
  pastes: PastesTable;
  rate_limits: RateLimitsTable;
  system_settings: SystemSettingsTable;
}
