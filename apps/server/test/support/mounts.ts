import { randomUUID } from 'node:crypto';
import type { AppDeps } from '@/context';
import { MountsRepo } from '@/modules/mounts/repo';

export interface MountFixture {
  id: string;
  mountPath: string;
}

/**
 * A mount written straight into the table: a builder for tests of the file system and
 * tasks, which need mounts but are not about the mounts API (test/mounts covers that).
 */
export async function insertMount(
  deps: AppDeps,
  values: {
    mountPath: string;
    storageConfigId: string;
    storageType?: 'S3' | 'local';
    name?: string;
    isActive?: boolean;
    sortOrder?: number;
    cacheTtl?: number;
  },
): Promise<MountFixture> {
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await new MountsRepo(deps.db).insert({
    id,
    name: values.name ?? values.mountPath.slice(1).replaceAll('/', '-'),
    storage_type: values.storageType ?? 'local',
    storage_config_id: values.storageConfigId,
    mount_path: values.mountPath,
    remark: null,
    is_active: values.isActive === false ? 0 : 1,
    sort_order: values.sortOrder ?? 0,
    cache_ttl: values.cacheTtl ?? 0,
    created_by: 'system',
    created_at: now,
    updated_at: now,
  });
  return { id, mountPath: values.mountPath };
}
