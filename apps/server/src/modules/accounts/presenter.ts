import type { AccountItem } from '@pastebox/contract/schemas/account';
import type { AccountRow } from './repo';

/** Maps a stored account to the admin's answer, field by field, so a new column never leaks. */
export function presentAccount(
  row: AccountRow,
  usedBytes: number,
  inviteExpiresAt: string | null,
): AccountItem {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    email: row.email,
    role: row.role,
    text_permission: row.text_permission === 1,
    file_permission: row.file_permission === 1,
    mount_permission: row.mount_permission === 1,
    basic_path: row.basic_path,
    quota_bytes: Number(row.quota_bytes),
    used_bytes: usedBytes,
    disabled: row.disabled === 1,
    has_password: row.password_hash !== '',
    invite_expires_at: inviteExpiresAt,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
