import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import type { ApiKeyRow } from './repo';

/**
 * Maps a stored key to the admin's answer, field by field, so a new column never leaks.
 * `key` is the clear key, already decrypted by the caller (admin-only).
 */
export function presentApiKey(row: ApiKeyRow, key: string, now: Date): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    key,
    expires_at: row.expires_at,
    text_permission: row.text_permission === 1,
    file_permission: row.file_permission === 1,
    mount_permission: row.mount_permission === 1,
    basic_path: row.basic_path,
    created_at: row.created_at,
    last_used: row.last_used,
    expired: row.expires_at !== null && row.expires_at <= now.toISOString(),
  };
}
