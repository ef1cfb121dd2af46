import path from 'node:path';
import {
  SIGNATURE_EXPIRY_BOUNDS,
  type StorageProvider,
} from '@pastebox/contract/schemas/storage-config';
import { ERRORS } from '@pastebox/contract/errors';
import type {
  CreateStorageConfigBody,
  StorageConfigItem,
  UpdateStorageConfigBody,
} from '@pastebox/contract/schemas/storage-config';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { localRootPolicyOf } from '@/storage/local-root';
import { presentStorageConfig } from './presenter';
import {
  StorageConfigsRepo,
  type NewStorageConfig,
  type StorageConfigChanges,
  type StorageConfigRow,
} from './repo';
import {
  canonicalFolder,
  canonicalRootPath,
  checkDraft,
  defaultPathStyle,
  defaultRegion,
} from './rules';
import { LedgerRepo } from './ledger-repo';
import { isInUse, makeDefault, NO_USAGE, usageByConfig } from './usage';

// The module's door for the others (DESIGN §2): they open storages and sweep temp files
// through here, never through the repo.
export { getDefaultStorage, getStorage, resolveStorage, type StorageHandle } from './storage';
export { sweepLocalTempFiles } from './temp-sweep';
export { reconcileStaleUsage, reconcileUsage } from './reconcile';
export {
  assertFits,
  capacityLedger,
  extendReservation,
  formatBytes,
  giveBackBytes,
  insufficientStorage,
  ledgerFigures,
  releaseQuietly,
  releaseReservation,
  remainingOf,
  reserveBytes,
  reserveWithRecord,
  settleReservation,
  settleWithRecord,
  type LedgerMove,
} from './ledger';
export type { StorageConfigRow } from './repo';

/** GET /api/s3-configs: the default first, then by age; each with what it holds. */
export async function listStorageConfigs(deps: AppDeps): Promise<StorageConfigItem[]> {
  const repo = new StorageConfigsRepo(deps.db);
  const ledger = new LedgerRepo(deps.db);
  const [rows, usage] = await Promise.all([repo.list(), usageByConfig(repo, ledger)]);
  return rows.map((row) => presentStorageConfig(row, usage.get(row.id) ?? NO_USAGE, deps.secrets));
}

/** GET /api/s3-configs/{id}. */
export async function getStorageConfig(deps: AppDeps, id: string): Promise<StorageConfigItem> {
  const repo = new StorageConfigsRepo(deps.db);
  const row = await findOrFail(repo, id);
  const usage = (await usageByConfig(repo, new LedgerRepo(deps.db))).get(id) ?? NO_USAGE;
  return presentStorageConfig(row, usage, deps.secrets);
}

/** POST /api/s3-configs: secrets sealed with AES-GCM; `is_default` makes it the default. */
export async function createStorageConfig(
  deps: AppDeps,
  body: CreateStorageConfigBody,
): Promise<StorageConfigItem> {
  const repo = new StorageConfigsRepo(deps.db);
  const id = newId();
  const now = isoNow(deps.clock);
  const provider = body.provider_type;
  const local = provider === 'local';
  const row = {
    id,
    name: body.name,
    provider_type: provider,
    endpoint_url: local ? null : (body.endpoint_url ?? null),
    region: local ? null : body.region || defaultRegion(provider),
    bucket_name: local ? null : (body.bucket_name ?? null),
    path_style: (body.path_style ?? defaultPathStyle(provider)) ? 1 : 0,
    access_key_cipher:
      !local && body.access_key_id ? deps.secrets.encrypt(body.access_key_id) : null,
    secret_key_cipher:
      !local && body.secret_access_key ? deps.secrets.encrypt(body.secret_access_key) : null,
    default_folder: canonicalFolder(body.default_folder),
    custom_host: local ? null : (body.custom_host ?? null),
    signature_expires_in: body.signature_expires_in ?? SIGNATURE_EXPIRY_BOUNDS.default,
    total_storage_bytes: body.total_storage_bytes ?? null,
    root_path: local ? rootPathOf(deps, body.root_path, id) : null,
    is_default: 0,
    created_at: now,
    updated_at: now,
  } satisfies NewStorageConfig;
  checkDraft(draftOf(row));
  await assertNameFree(repo, row.name);
  try {
    await repo.insert(row);
  } catch (error) {
    await assertNameFree(repo, row.name);
    throw error;
  }
  if (body.is_default) {
    await makeDefault(deps, id);
  }
  return getStorageConfig(deps, id);
}

/** PUT /api/s3-configs/{id}: changes the given fields; empty secrets keep the stored ones. */
export async function updateStorageConfig(
  deps: AppDeps,
  id: string,
  body: UpdateStorageConfigBody,
): Promise<StorageConfigItem> {
  const repo = new StorageConfigsRepo(deps.db);
  const existing = await findOrFail(repo, id);
  const wasLocal = existing.provider_type === 'local';
  const provider = body.provider_type ?? (existing.provider_type as StorageProvider);
  if (provider && (provider === 'local') !== wasLocal) {
    throw new AppError('VALIDATION_FAILED', 'A config cannot switch between local and S3', [
      { path: 'provider_type', message: 'create a new config instead' },
    ]);
  }
  if (body.is_default === false && existing.is_default === 1) {
    throw new AppError('VALIDATION_FAILED', 'Make another config the default instead', [
      { path: 'is_default', message: 'there must always be a default' },
    ]);
  }
  const changes = changesOf(deps, body, existing);
  if (body.name !== undefined && body.name !== existing.name) {
    await assertNameFree(repo, body.name);
  }
  checkDraft(draftOf({ ...existing, ...changes }));
  changes.updated_at = isoNow(deps.clock);
  try {
    await repo.update(id, changes);
  } catch (error) {
    if (changes.name !== undefined) {
      await assertNameFree(repo, changes.name, id);
    }
    throw error;
  }
  if (body.is_default) {
    await makeDefault(deps, id);
  }
  return getStorageConfig(deps, id);
}

/**
 * DELETE /api/s3-configs/{id}: refused for the default and while file shares or mounts use it.
 * The stored objects (for local: the directory) are left in place.
 */
export async function deleteStorageConfig(deps: AppDeps, id: string): Promise<void> {
  const repo = new StorageConfigsRepo(deps.db);
  const row = await findOrFail(repo, id);
  if (row.is_default === 1) {
    throw new AppError('STORAGE_CONFIG_IS_DEFAULT');
  }
  if (await isInUse(repo, id)) {
    throw new AppError('STORAGE_CONFIG_IN_USE');
  }
  await refuseIfMounted(deps, id);
  try {
    await repo.delete(id);
  } catch (error) {
    // A mount made on it meanwhile: the foreign key refused the delete; say why.
    await refuseIfMounted(deps, id);
    throw error;
  }
}

/** STORAGE_CONFIG_HAS_MOUNTS, with how many, while mounts use the config. */
async function refuseIfMounted(deps: AppDeps, id: string): Promise<void> {
  const mounts = await new StorageConfigsRepo(deps.db).countMounts(id);
  if (mounts > 0) {
    throw new AppError(
      'STORAGE_CONFIG_HAS_MOUNTS',
      `${ERRORS.STORAGE_CONFIG_HAS_MOUNTS.message} (${mounts} ${mounts === 1 ? 'mount' : 'mounts'})`,
    );
  }
}

/** PUT /api/s3-configs/{id}/set-default: exactly one default afterwards. */
export async function setDefaultStorageConfig(
  deps: AppDeps,
  id: string,
): Promise<StorageConfigItem> {
  await findOrFail(new StorageConfigsRepo(deps.db), id);
  await makeDefault(deps, id);
  return getStorageConfig(deps, id);
}

async function findOrFail(repo: StorageConfigsRepo, id: string): Promise<StorageConfigRow> {
  const row = await repo.findById(id);
  if (!row) {
    throw new AppError('STORAGE_CONFIG_NOT_FOUND');
  }
  return row;
}

async function assertNameFree(repo: StorageConfigsRepo, name: string, exceptId?: string) {
  const holder = await repo.findByName(name);
  if (holder && holder.id !== exceptId) {
    throw new AppError('STORAGE_CONFIG_NAME_TAKEN');
  }
}

function rootPathOf(deps: AppDeps, given: string | null | undefined, id: string): string {
  return given
    ? canonicalRootPath(given, localRootPolicyOf(deps.config))
    : path.join('storage', id);
}

type DraftSource = Pick<
  StorageConfigRow,
  | 'provider_type'
  | 'endpoint_url'
  | 'bucket_name'
  | 'access_key_cipher'
  | 'secret_key_cipher'
  | 'root_path'
>;

function draftOf(row: DraftSource) {
  return {
    provider_type: row.provider_type as CreateStorageConfigBody['provider_type'],
    endpoint_url: row.endpoint_url,
    bucket_name: row.bucket_name,
    has_access_key: row.access_key_cipher !== null,
    has_secret: row.secret_key_cipher !== null,
    root_path: row.root_path,
  };
}

/** The columns an update body changes; absent fields and empty secrets change nothing. */
function changesOf(
  deps: AppDeps,
  body: UpdateStorageConfigBody,
  existing: StorageConfigRow,
): StorageConfigChanges & { name?: string; updated_at?: string } {
  const local = existing.provider_type === 'local';
  const changes: StorageConfigChanges & { name?: string } = {};
  const set = <K extends keyof StorageConfigChanges>(key: K, value: StorageConfigChanges[K]) => {
    changes[key] = value;
  };
  if (body.name !== undefined) {
    changes.name = body.name;
  }
  if (body.provider_type !== undefined) {
    set('provider_type', body.provider_type);
  }
  if (!local) {
    if (body.endpoint_url !== undefined) {
      set('endpoint_url', body.endpoint_url);
    }
    if (body.region !== undefined) {
      set('region', body.region || defaultRegion(body.provider_type ?? 'other'));
    }
    if (body.bucket_name !== undefined) {
      set('bucket_name', body.bucket_name);
    }
    if (body.custom_host !== undefined) {
      set('custom_host', body.custom_host);
    }
    if (body.access_key_id) {
      set('access_key_cipher', deps.secrets.encrypt(body.access_key_id));
    }
    if (body.secret_access_key) {
      set('secret_key_cipher', deps.secrets.encrypt(body.secret_access_key));
    }
  } else if (body.root_path !== undefined) {
    set('root_path', rootPathOf(deps, body.root_path, existing.id));
  }
  if (body.path_style !== undefined) {
    set('path_style', body.path_style ? 1 : 0);
  }
  if (body.default_folder !== undefined) {
    set('default_folder', canonicalFolder(body.default_folder));
  }
  if (body.signature_expires_in !== undefined) {
    set('signature_expires_in', body.signature_expires_in);
  }
  if (body.total_storage_bytes !== undefined) {
    set('total_storage_bytes', body.total_storage_bytes);
  }
  return changes;
}
