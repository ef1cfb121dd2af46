import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';

/** A storage config as GET /api/s3-configs lists it: an S3 (MinIO) bucket unless overridden. */
export function storageConfig(overrides: Partial<StorageConfigItem>): StorageConfigItem {
  return {
    id: 'c',
    name: 'Config',
    provider_type: 'minio',
    storage_type: 's3',
    endpoint_url: 'http://minio:9000',
    region: 'us-east-1',
    bucket_name: 'shares',
    path_style: true,
    access_key_id: '',
    has_access_key: false,
    secret_access_key: '',
    has_secret: false,
    default_folder: '',
    custom_host: null,
    signature_expires_in: 3600,
    total_storage_bytes: null,
    used_bytes: 0,
    file_count: 0,
    mount_count: 0,
    root_path: null,
    is_default: false,
    created_at: '2026-11-21T05:00:00.000Z',
    updated_at: '2026-11-21T05:00:00.000Z',
    ...overrides,
  };
}

/** The same, on the server's own disk (the built-in provider's fields). */
export const localStorageConfig = (overrides: Partial<StorageConfigItem>) =>
  storageConfig({
    provider_type: 'local',
    storage_type: 'local',
    endpoint_url: null,
    region: null,
    bucket_name: null,
    path_style: false,
    root_path: 'files',
    ...overrides,
  });
