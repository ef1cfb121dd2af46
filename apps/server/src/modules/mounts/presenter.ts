import type { MountItem } from '@pastebox/contract/schemas/mount';
import type { MountWithConfig } from './repo';

/** A stored mount as the API answers it, field by field (SPEC §3), so no column leaks. */
export function presentMount(row: MountWithConfig): MountItem {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storage_type === 'local' ? 'local' : 'S3',
    storage_config_id: row.storage_config_id,
    s3_config_id: row.storage_config_id,
    storage_config_name: row.storage_config_name,
    mount_path: row.mount_path,
    remark: row.remark,
    is_active: row.is_active === 1,
    sort_order: row.sort_order,
    cache_ttl: row.cache_ttl,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
