import { mountPathsOverlap } from '@pastebox/contract/rules/mount-path';
import type { CreateMountBody, MountItem, UpdateMountBody } from '@pastebox/contract/schemas/mount';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { getStorage } from '@/modules/storage-configs/service';
import { deleteMountAndSessions } from './deletion';
import { presentMount } from './presenter';
import { MountsRepo, type MountChanges, type MountRow } from './repo';
import {
  checkedMountPath,
  checkedStorageType,
  clashingMount,
  configFieldOf,
  configIdOf,
  refuseClash,
  storageTypeOf,
} from './rules';

/**
 * The mounts module's public face for other modules: the fs API and WebDAV reach the
 * mount table only through the MountSource the file system is handed.
 */
export { mountRecordOf, mountSource } from './source';

/** Which mounts a caller sees: the admin all; a key those on the way to or under its base. */
export type MountScope = { kind: 'all' } | { kind: 'key'; basicPath: string };

const DEFAULT_CACHE_TTL = 300;

function visibleTo(scope: MountScope, mountPath: string): boolean {
  return scope.kind === 'all' || mountPathsOverlap(mountPath, scope.basicPath);
}

/** GET /admin/mounts and /user/mounts, in explorer order. */
export async function listMounts(deps: AppDeps, scope: MountScope): Promise<MountItem[]> {
  const rows = await new MountsRepo(deps.db).listWithConfigNames();
  return rows.filter((row) => visibleTo(scope, row.mount_path)).map(presentMount);
}

/** GET /admin/mounts/{id} and /user/mounts/{id}; a mount the key cannot see is a 404. */
export async function getMount(deps: AppDeps, scope: MountScope, id: string): Promise<MountItem> {
  const rows = await new MountsRepo(deps.db).listWithConfigNames();
  const row = rows.find((candidate) => candidate.id === id);
  if (!row || !visibleTo(scope, row.mount_path)) {
    throw new AppError('MOUNT_NOT_FOUND');
  }
  return presentMount(row);
}

/** POST /admin/mounts. */
export async function createMount(
  deps: AppDeps,
  body: CreateMountBody,
  createdBy: string,
): Promise<MountItem> {
  const configId = configIdOf(body);
  if (configId === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Choose a storage config', [
      { path: 'storage_config_id', message: 'required' },
    ]);
  }
  const mountPath = checkedMountPath(body.mount_path);
  const storageType = checkedStorageType(
    body.storage_type,
    await configTypeOf(deps, configId, configFieldOf(body)),
  );
  const now = isoNow(deps.clock);
  const id = newId();
  const write = () =>
    writeMountPath(deps, mountPath, undefined, (repo) =>
      repo.insert({
        id,
        name: body.name,
        storage_type: storageType,
        storage_config_id: configId,
        mount_path: mountPath,
        remark: body.remark ?? null,
        is_active: body.is_active === false ? 0 : 1,
        sort_order: body.sort_order ?? 0,
        cache_ttl: body.cache_ttl ?? DEFAULT_CACHE_TTL,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      }),
    );
  await unlessConfigGone(deps, configId, configFieldOf(body), write);
  return getMount(deps, { kind: 'all' }, id);
}

/** PUT /admin/mounts/{id}: the given fields only. */
export async function updateMount(
  deps: AppDeps,
  id: string,
  body: UpdateMountBody,
): Promise<MountItem> {
  const repo = new MountsRepo(deps.db);
  const existing = await findOrFail(repo, id);
  const configId = configIdOf(body) ?? existing.storage_config_id;
  const changes: MountChanges = { updated_at: isoNow(deps.clock) };
  if (configId !== existing.storage_config_id || body.storage_type !== undefined) {
    changes.storage_config_id = configId;
    changes.storage_type = checkedStorageType(
      body.storage_type,
      await configTypeOf(deps, configId, configFieldOf(body)),
    );
  }
  if (body.name !== undefined) {
    changes.name = body.name;
  }
  if (body.remark !== undefined) {
    changes.remark = body.remark;
  }
  if (body.is_active !== undefined) {
    changes.is_active = body.is_active ? 1 : 0;
  }
  if (body.sort_order !== undefined) {
    changes.sort_order = body.sort_order;
  }
  if (body.cache_ttl !== undefined) {
    changes.cache_ttl = body.cache_ttl;
  }
  let write: () => Promise<unknown>;
  const mountPath = body.mount_path === undefined ? undefined : checkedMountPath(body.mount_path);
  if (mountPath !== undefined && mountPath !== existing.mount_path) {
    changes.mount_path = mountPath;
    write = () => writeMountPath(deps, mountPath, id, (trx) => trx.update(id, changes));
  } else {
    write = () => repo.update(id, changes);
  }
  await unlessConfigGone(deps, configId, configFieldOf(body), write);
  // Whatever changed (config, activity, TTL), cached listings of the mount are stale.
  await repo.bumpCacheEpoch(id);
  return getMount(deps, { kind: 'all' }, id);
}

/** DELETE /admin/mounts/{id}: the mount goes; the files stay in their storage. */
export async function deleteMount(deps: AppDeps, id: string): Promise<void> {
  const repo = new MountsRepo(deps.db);
  // Its upload sessions go with it, their capacity reservations released (deletion.ts).
  await deleteMountAndSessions(deps, await findOrFail(repo, id));
}

/** POST /admin/cache/clear and /user/cache/clear: every listing the caller sees goes stale. */
export async function clearListingCaches(
  deps: AppDeps,
  scope: MountScope,
): Promise<{ cleared: number }> {
  const repo = new MountsRepo(deps.db);
  if (scope.kind === 'all') {
    const result = await repo.bumpAllCacheEpochs();
    return { cleared: Number(result.numUpdatedRows) };
  }
  const visible = (await repo.list()).filter((row) => visibleTo(scope, row.mount_path));
  await Promise.all(visible.map((row) => repo.bumpCacheEpoch(row.id)));
  return { cleared: visible.length };
}

async function findOrFail(repo: MountsRepo, id: string): Promise<MountRow> {
  const row = await repo.findById(id);
  if (!row) {
    throw new AppError('MOUNT_NOT_FOUND');
  }
  return row;
}

/** The config's type, or a 404 naming the field it came in when there is no such config. */
async function configTypeOf(deps: AppDeps, configId: string, field: string) {
  try {
    return storageTypeOf((await getStorage(deps, configId)).driver.kind);
  } catch (error) {
    if (error instanceof AppError && error.key === 'STORAGE_CONFIG_NOT_FOUND') {
      throw new AppError('STORAGE_CONFIG_NOT_FOUND', undefined, [
        { path: field, message: 'no such storage config' },
      ]);
    }
    throw error;
  }
}

/**
 * Runs a write that points the mount at `configId`. Should the config's foreign key refuse
 * it (the config was deleted since it was checked), the answer is the config's 404.
 */
async function unlessConfigGone(
  deps: AppDeps,
  configId: string,
  field: string,
  write: () => Promise<unknown>,
): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof AppError)) {
      await configTypeOf(deps, configId, field);
    }
    throw error;
  }
}

/**
 * Checks that `mountPath` clashes with no other mount and writes, in one transaction
 * serialised with every other mount-path write, so a burst of parallel creates stores
 * exactly one of equal or nested paths. The unique index is the backstop.
 */
async function writeMountPath(
  deps: AppDeps,
  mountPath: string,
  exceptId: string | undefined,
  write: (repo: MountsRepo) => Promise<unknown>,
): Promise<void> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const repo = new MountsRepo(trx);
      await repo.lockMountPaths(deps.dialect);
      const clash = clashingMount(await repo.list(), mountPath, exceptId);
      if (clash) {
        refuseClash(clash.mount_path, mountPath);
      }
      await write(repo);
    });
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    const clash = clashingMount(await new MountsRepo(deps.db).list(), mountPath, exceptId);
    if (clash) {
      refuseClash(clash.mount_path, mountPath);
    }
    throw error;
  }
}
