import { randomBytes, randomUUID } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { describe } from 'vitest';
import { createS3Client } from '../../src/storage/s3-client';
import { getDefaultStorage } from '../../src/storage/registry';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

/** A storage every upload and delivery test runs against. */
export interface FileTarget {
  name: string;
  providerType: string;
  /** A fresh storage config on `server` (its own bucket or folder); answers its id. */
  createConfig(server: TestServer, admin: ApiClient): Promise<string>;
}

const local: FileTarget = {
  name: 'local',
  providerType: 'local',
  createConfig: async (server) => (await getDefaultStorage(server.deps)).config.id,
};

// Provisional: replaced by the storage helper's storageTargets() once it lands.
const endpoint = process.env.FILES_S3_ENDPOINT;
const swift: FileTarget = {
  name: 'swift',
  providerType: 'other',
  async createConfig(server) {
    const bucket = `files-${randomBytes(6).toString('hex')}`;
    const options = {
      endpoint: endpoint ?? '',
      region: 'us-east-1',
      bucket,
      pathStyle: true,
      accessKeyId: 'test:tester',
      secretAccessKey: 'testing',
      defaultFolder: '',
      customHost: null,
    };
    const client = createS3Client(options);
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    const id = randomUUID();
    const now = server.clock.now().toISOString();
    await server.deps.db
      .insertInto('storage_configs')
      .values({
        id,
        name: bucket,
        provider_type: 'other',
        endpoint_url: endpoint ?? '',
        region: 'us-east-1',
        bucket_name: bucket,
        path_style: 1,
        access_key_cipher: server.deps.secrets.encrypt('test:tester'),
        secret_key_cipher: server.deps.secrets.encrypt('testing'),
        default_folder: 'pastebox',
        custom_host: null,
        signature_expires_in: 3600,
        total_storage_bytes: null,
        root_path: null,
        is_default: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  },
};

/** Runs a describe block once per storage target. */
export function forEachTarget(title: string, body: (target: FileTarget) => void): void {
  for (const target of endpoint ? [local, swift] : [local]) {
    describe(`${title} [${target.name}]`, () => body(target));
  }
}
