import { createMountBody } from '@pastebox/contract/schemas/mount';
import {
  createStorageConfigBody,
  SIGNATURE_EXPIRY_BOUNDS,
  type StorageProvider,
} from '@pastebox/contract/schemas/storage-config';
import { createMount, listMounts } from '@/modules/mounts/service';
import {
  createStorageConfig,
  listStorageConfigs,
  reconcileUsage,
} from '@/modules/storage-configs/service';
import { importItems, PLANNED, type ImportRun, type ItemDecision } from '../run-items';
import type { CpMount, CpStorageConfig } from './records';
import { openCloudpasteSecret } from './secrets';

/** CloudPaste's provider_type labels ('Cloudflare R2', 'AWS S3'…) → Pastebox's ids. */
function providerOf(label: string): StorageProvider {
  const known: [RegExp, StorageProvider][] = [
    [/r2|cloudflare/i, 'r2'],
    [/b2|backblaze/i, 'b2'],
    [/aliyun|oss/i, 'aliyun'],
    [/minio/i, 'minio'],
    [/aws|amazon/i, 'aws'],
  ];
  return known.find(([pattern]) => pattern.test(label))?.[1] ?? 'other';
}

const clampExpiry = (seconds: number | null) =>
  seconds === null
    ? undefined
    : Math.min(SIGNATURE_EXPIRY_BOUNDS.max, Math.max(SIGNATURE_EXPIRY_BOUNDS.min, seconds));

/** Both keys of a config opened with the operator's secret, or why not. */
function keysOf(
  config: CpStorageConfig,
  secret: string | undefined,
): { skip: string } | { accessKeyId: string; secretAccessKey: string } {
  const accessKey = openCloudpasteSecret(config.accessKeyId ?? '', secret);
  const secretKey = openCloudpasteSecret(config.secretAccessKey ?? '', secret);
  if (!accessKey.ok || !secretKey.ok) {
    const reason = !accessKey.ok ? accessKey.reason : !secretKey.ok ? secretKey.reason : '';
    const why: Record<string, string> = {
      'secret needed': 'its keys are sealed: give CloudPaste’s ENCRYPTION_SECRET with --secret',
      'wrong secret': 'its keys are not decryptable with the given --secret',
      unreadable: 'its keys are not in CloudPaste’s encrypted:… form',
    };
    return { skip: why[reason] ?? reason };
  }
  return { accessKeyId: accessKey.value, secretAccessKey: secretKey.value };
}

/**
 * S3 configs, through createStorageConfig: the keys are sealed again with this server's
 * SECRET. The default folder is left empty: CloudPaste used it only to name new uploads
 * (their storage_path holds it already) and mounted the whole bucket, while Pastebox keeps
 * every key below it.
 */
export async function importStorageConfigs(
  run: ImportRun,
  configs: readonly CpStorageConfig[],
  secret: string | undefined,
): Promise<Map<string, string>> {
  const names = new Set((await listStorageConfigs(run.deps)).map((config) => config.name));
  return importItems(
    run,
    'storage-config',
    configs,
    (config) => `"${config.name}" (${config.id})`,
    (config): ItemDecision => {
      if (config.storageType !== 'S3') {
        return { skip: `${config.storageType} storage: Pastebox imports S3 configs only` };
      }
      const keys = keysOf(config, secret);
      if ('skip' in keys) {
        return keys;
      }
      if (names.has(config.name)) {
        return { skip: 'a Pastebox storage config already has this name' };
      }
      const body = createStorageConfigBody.parse({
        name: config.name,
        provider_type: providerOf(config.providerType),
        endpoint_url: config.endpointUrl,
        region: config.region,
        bucket_name: config.bucketName,
        path_style: config.pathStyle,
        access_key_id: keys.accessKeyId,
        secret_access_key: keys.secretAccessKey,
        default_folder: '',
        custom_host: config.customHost,
        signature_expires_in: clampExpiry(config.signatureExpiresIn),
        total_storage_bytes: config.totalStorageBytes,
      });
      return {
        write: async () => {
          const created = await createStorageConfig(run.deps, body);
          await measureUsage(run, created.id, config.name);
          return created.id;
        },
      };
    },
  );
}

/** The capacity ledger counts what the bucket holds; an unreachable bucket is only noted. */
async function measureUsage(run: ImportRun, configId: string, name: string): Promise<void> {
  try {
    await reconcileUsage(run.deps, configId);
  } catch (error) {
    run.report.notes.push(
      `S3 config "${name}": its bucket could not be measured (${error instanceof Error ? error.message : String(error)}); the sweeper measures it later`,
    );
  }
}

/** Mounts on imported S3 configs, through createMount (path rules, no overlap). */
export async function importMounts(
  run: ImportRun,
  mounts: readonly CpMount[],
  configTargets: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const paths = new Set((await listMounts(run.deps, { kind: 'all' })).map((m) => m.mount_path));
  return importItems(
    run,
    'mount',
    mounts,
    (mount) => mount.mountPath,
    (mount): ItemDecision => {
      if (mount.storageType !== 'S3') {
        return {
          skip: `on CloudPaste's ${mount.storageType} storage, which Pastebox cannot reach`,
        };
      }
      const configId = configTargets.get(mount.storageConfigId ?? '');
      if (configId === undefined) {
        return { skip: `its S3 config (${mount.storageConfigId ?? 'none'}) is not imported` };
      }
      if (paths.has(mount.mountPath)) {
        return { skip: 'a Pastebox mount already has this path' };
      }
      const body = createMountBody.parse({
        name: mount.name,
        storage_config_id: configId,
        mount_path: mount.mountPath,
        remark: mount.remark,
        is_active: mount.isActive,
        sort_order: mount.sortOrder,
        cache_ttl: mount.cacheTtl,
      });
      return {
        write: async () => {
          if (configId === PLANNED) {
            throw new Error('An applied import has no planned config');
          }
          return (await createMount(run.deps, body, run.owner.adminId)).id;
        },
      };
    },
  );
}
