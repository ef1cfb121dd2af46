import type { StorageConfigItem, StorageProvider } from '@pastebox/contract/schemas/storage-config';
import type { SecretBox } from '@/lib/crypto';
import type { StorageConfigRow } from './repo';
import type { ConfigUsage } from './usage';

/** AKIA1234567890WXYZ → AKIA****WXYZ; short keys show nothing of themselves. */
export function maskAccessKey(key: string): string {
  if (key === '') {
    return '';
  }
  return key.length >= 12 ? `${key.slice(0, 4)}****${key.slice(-4)}` : '****';
}

function openOrEmpty(secrets: SecretBox, sealed: string | null): string {
  if (!sealed) {
    return '';
  }
  try {
    return secrets.decrypt(sealed);
  } catch {
    return '';
  }
}

/**
 * Maps a stored config to the admin's answer, field by field, so a new column never
 * leaks. `usage` says what the config holds, so the panel can tell why it cannot be deleted.
 * The access key is masked and the secret is never answered (DESIGN §5).
 */
export function presentStorageConfig(
  row: StorageConfigRow,
  usage: ConfigUsage,
  secrets: SecretBox,
): StorageConfigItem {
  const provider = row.provider_type as StorageProvider;
  return {
    id: row.id,
    name: row.name,
    provider_type: provider,
    storage_type: provider === 'local' ? 'local' : 's3',
    endpoint_url: row.endpoint_url,
    region: row.region,
    bucket_name: row.bucket_name,
    path_style: row.path_style === 1,
    access_key_id: maskAccessKey(openOrEmpty(secrets, row.access_key_cipher)),
    has_access_key: row.access_key_cipher !== null,
    secret_access_key: row.secret_key_cipher !== null ? '********' : '',
    has_secret: row.secret_key_cipher !== null,
    default_folder: row.default_folder,
    custom_host: row.custom_host,
    signature_expires_in: row.signature_expires_in,
    total_storage_bytes: row.total_storage_bytes === null ? null : Number(row.total_storage_bytes),
    used_bytes: usage.bytes,
    file_count: usage.files,
    mount_count: usage.mounts,
    root_path: row.root_path,
    is_default: row.is_default === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
