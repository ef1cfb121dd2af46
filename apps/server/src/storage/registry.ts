import path from 'node:path';
import type { AppDeps } from '../context';
import { AppError } from '../lib/errors';
import { StorageConfigsRepo, type StorageConfigRow } from '../modules/storage-configs/repo';
import type { StorageDriver } from './driver';
import { LocalDriver } from './local';
import { assertLocalRootAllowed, localRootPolicyOf } from './local-root';
import { LocalUrlSigner } from './local-signing';
import { S3Driver } from './s3';

export type { StorageConfigRow } from '../modules/storage-configs/repo';

export interface StorageHandle {
  config: StorageConfigRow;
  driver: StorageDriver;
}

interface CachedDriver {
  stamp: string;
  driver: StorageDriver;
}

/**
 * Drivers per config, kept while the config's updated_at is unchanged (so an S3 client's
 * connection pool is reused). Every call re-reads the row, so an edit made by another
 * instance is picked up on the next call: the cache is never stale past a config change.
 */
const driverCache = new WeakMap<AppDeps, Map<string, CachedDriver>>();

/** The storage of one config; STORAGE_CONFIG_NOT_FOUND when there is no such config. */
export async function getStorage(deps: AppDeps, configId: string): Promise<StorageHandle> {
  const config = await new StorageConfigsRepo(deps.db).findById(configId);
  if (!config) {
    throw new AppError('STORAGE_CONFIG_NOT_FOUND');
  }
  return { config, driver: driverFor(deps, config) };
}

/** The default storage (the `local` one created by the first start, unless changed). */
export async function getDefaultStorage(deps: AppDeps): Promise<StorageHandle> {
  const config = await new StorageConfigsRepo(deps.db).findDefault();
  if (!config) {
    throw new AppError(
      'STORAGE_CONFIG_NOT_FOUND',
      'No default storage config; choose one in Admin → Storage',
    );
  }
  return { config, driver: driverFor(deps, config) };
}

/** `getStorage` for an id, `getDefaultStorage` for null/undefined/''. */
export function resolveStorage(
  deps: AppDeps,
  configId: string | null | undefined,
): Promise<StorageHandle> {
  return configId ? getStorage(deps, configId) : getDefaultStorage(deps);
}

/** The driver for a config row (cached per config id and updated_at). */
export function driverFor(deps: AppDeps, config: StorageConfigRow): StorageDriver {
  let cache = driverCache.get(deps);
  if (!cache) {
    cache = new Map();
    driverCache.set(deps, cache);
  }
  const stamp = `${config.updated_at}|${config.provider_type}`;
  const cached = cache.get(config.id);
  if (cached?.stamp === stamp) {
    return cached.driver;
  }
  if (cached?.driver instanceof S3Driver) {
    cached.driver.close();
  }
  const driver = buildDriver(deps, config);
  cache.set(config.id, { stamp, driver });
  return driver;
}

/** A fresh, uncached driver (the config test endpoint and tests use it). */
export function buildDriver(deps: AppDeps, config: StorageConfigRow): StorageDriver {
  if (config.provider_type === 'local') {
    return new LocalDriver({
      configId: config.id,
      root: localRootOf(deps, config),
      signer: localSigner(deps),
    });
  }
  return new S3Driver({
    endpoint: config.endpoint_url,
    region: config.region,
    bucket: config.bucket_name ?? '',
    pathStyle: config.path_style === 1,
    accessKeyId: openSecret(deps, config.access_key_cipher),
    secretAccessKey: openSecret(deps, config.secret_key_cipher),
    defaultFolder: config.default_folder,
    customHost: config.custom_host,
  });
}

/** The signer of the local driver's URLs: relative (/api/…) unless PUBLIC_URL is set. */
export function localSigner(deps: AppDeps): LocalUrlSigner {
  const publicUrl = (deps.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
  return new LocalUrlSigner(deps.secrets, deps.clock, publicUrl);
}

/**
 * A local config's directory: root_path as given when absolute, else under DATA_DIR.
 * Checked again here (DESIGN §5), so a root stored before the rule, or edited in the
 * database, answers LOCAL_ROOT_FORBIDDEN instead of opening the host's files.
 */
export function localRootOf(deps: AppDeps, config: StorageConfigRow): string {
  const dataDir = path.resolve(deps.config.DATA_DIR);
  const root = path.resolve(dataDir, config.root_path ?? path.join('storage', config.id));
  assertLocalRootAllowed(root, localRootPolicyOf(deps.config));
  return root;
}

function openSecret(deps: AppDeps, sealed: string | null): string {
  if (!sealed) {
    return '';
  }
  try {
    return deps.secrets.decrypt(sealed);
  } catch {
    // Sealed under an earlier SECRET: the storage answers "access denied", which the
    // config test reports; the admin re-enters the key.
    return '';
  }
}
