import type {
  CreateStorageConfigBody,
  StorageConfigItem,
} from '@pastebox/contract/schemas/storage-config';
import type { StorageDriver } from '@/storage/driver';
import { getStorage } from '@/modules/storage-configs/service';
import type { ApiClient } from './api-client';
import { createBucket, swiftServer } from './swift';
import type { TestServer } from './test-server';

export type StorageTargetName = 'local' | 'swift';

/**
 * A storage a test runs against (issue 3: every storage behaviour on `local` AND on a
 * real S3-protocol server). Each config made here gets its own folder or bucket.
 */
export interface StorageTarget {
  name: StorageTargetName;
  /** A POST /api/s3-configs body for a fresh folder (local) or bucket (Swift). */
  configBody(overrides?: Partial<CreateStorageConfigBody>): Promise<CreateStorageConfigBody>;
  /** Creates the config through the API, as the admin, and returns the answer. */
  createConfig(
    admin: ApiClient,
    overrides?: Partial<CreateStorageConfigBody>,
  ): Promise<StorageConfigItem>;
}

/**
 * Hooks that create a Swift config may wait for Swift to start: give them
 * SWIFT_HOOK_TIMEOUT_MS (from ./swift) as their timeout.
 */
export function storageTargets(): StorageTarget[] {
  return [localTarget, swiftTarget];
}

function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

async function createThroughApi(
  admin: ApiClient,
  body: CreateStorageConfigBody,
): Promise<StorageConfigItem> {
  const res = await admin.post<StorageConfigItem>('/api/s3-configs', body);
  if (res.status !== 201) {
    throw new Error(`creating a storage config failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data;
}

const localTarget: StorageTarget = {
  name: 'local',
  configBody(overrides = {}) {
    const name = uniqueName('local');
    return Promise.resolve({
      name,
      provider_type: 'local',
      root_path: `targets/${name}`,
      ...overrides,
    });
  },
  async createConfig(admin, overrides) {
    return createThroughApi(admin, await this.configBody(overrides));
  },
};

const swiftTarget: StorageTarget = {
  name: 'swift',
  async configBody(overrides = {}) {
    const server = await swiftServer();
    return {
      name: uniqueName('swift'),
      provider_type: 'other',
      endpoint_url: server.endpoint,
      region: server.region,
      bucket_name: await createBucket(server),
      path_style: true,
      access_key_id: server.accessKeyId,
      secret_access_key: server.secretAccessKey,
      default_folder: 'pastebox',
      ...overrides,
    };
  },
  async createConfig(admin, overrides) {
    return createThroughApi(admin, await this.configBody(overrides));
  },
};

/** The driver the app itself uses for a config (through the registry). */
export async function driverOf(server: TestServer, configId: string): Promise<StorageDriver> {
  return (await getStorage(server.deps, configId)).driver;
}

/** A URL the test can fetch: the local driver's URLs are relative to the server. */
export function absoluteUrl(server: TestServer, url: string): string {
  return url.startsWith('/') ? `${server.baseUrl}${url}` : url;
}
