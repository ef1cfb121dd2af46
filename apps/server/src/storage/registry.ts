import path from 'node:path';
import type { Selectable } from 'kysely';
import type { AppDeps } from '@/context';
import type { StorageConfigsTable } from '@/db/types';
import type { StorageDriver } from './driver';
import { LocalDriver } from './local';
import { assertLocalRootAllowed, localRootPolicyOf } from './local-root';
import { LocalUrlSigner } from './local-signing';
import { S3Driver } from './s3';
import { guardStorageDriver } from './storage-unavailable';

/**
 * What a driver is built from: the columns of a storage config it needs, picked from the
 * table's type, so the storage layer is handed configs and imports no module (DESIGN §2);
 * the storage-configs module's row satisfies it. `updated_at` is part of the cache stamp:
 * an edited config gets a fresh driver.
 */
export type DriverConfig = Pick<
  Selectable<StorageConfigsTable>,
  | 'id'
  | 'provider_type'
  | 'updated_at'
  | 'endpoint_url'
  | 'region'
  | 'bucket_name'
  | 'path_style'
  | 'access_key_cipher'
  | 'secret_key_cipher'
  | 'default_folder'
  | 'custom_host'
  | 'root_path'
>;

interface CachedDriver {
  stamp: string;
  driver: StorageDriver;
}

/**
 * Drivers per config, kept while the config's updated_at is unchanged (so an S3 client's
 * connection pool is reused). The caller hands the row it has just read, so an edit made
 * by another instance is picked up on the next call: the cache is never stale past a
 * config change.
 */
const driverCache = new WeakMap<AppDeps, Map<string, CachedDriver>>();

/** The driver for a config row (cached per config id and updated_at). */
export function driverFor(deps: AppDeps, config: DriverConfig): StorageDriver {
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
  // Requests go through this door: an unreachable storage answers 503, not 500.
  const driver = guardStorageDriver(buildDriver(deps, config));
  cache.set(config.id, { stamp, driver });
  return driver;
}

/** A fresh, uncached driver (the config test endpoint and tests use it). */
export function buildDriver(deps: AppDeps, config: DriverConfig): StorageDriver {
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
export function localRootOf(deps: AppDeps, config: Pick<DriverConfig, 'id' | 'root_path'>): string {
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
