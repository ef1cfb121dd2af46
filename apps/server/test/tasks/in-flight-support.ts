import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { expect } from 'vitest';
import { TEMP_FILE_PREFIX } from '@/storage/keys';
import type { ApiClient } from '../support/api-client';
import { insertMount } from '../support/mounts';
import { driverOf, storageTargets } from '../support/storage-targets';
import { s3ClientFor, swiftServer } from '../support/swift';
import type { TestServer } from '../support/test-server';
import { startThrottledProxy, type ThrottledProxy } from '../support/throttled-proxy';
import { fresh } from '../vfs/copy-support';
import type { TestMount } from '../vfs/support';

/**
 * Builders for the tests of a cancel that lands while an object is in flight: a mount on
 * the S3 test server reached through a throttled relay (so one object takes long enough
 * to cancel in the middle), large bodies, and what a cancelled write may not leave behind.
 */

/** Far longer than a cancel may take (a few seconds), far shorter than the whole copy. */
export const BIG_BYTES = 24 * 1024 * 1024;
/** The relay's rate while a copy runs: BIG_BYTES would take about a minute. */
export const SLOW_RATE = 384 * 1024;
/** How long a cancel may take to end the task, the object in flight aborted. */
export const CANCEL_WITHIN_MS = 5_000;

/** `bytes` bytes of a repeating pattern, streamed in 1 MiB chunks (no big buffer). */
export function bigBody(bytes = BIG_BYTES): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 'pastebox ');
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < bytes; sent += chunk.length) {
        yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      }
    })(),
  );
}

export interface SlowS3Mount extends TestMount {
  proxy: ThrottledProxy;
  bucket: string;
  /** The config's default folder: every key in the bucket starts with it. */
  prefix: string;
  /** A client straight to the S3 server (not through the relay), to look at the bucket. */
  s3: S3Client;
  close(): Promise<void>;
}

/** A mount on a fresh bucket of the S3 test server, its config's endpoint the throttled relay. */
export async function slowS3Mount(server: TestServer, admin: ApiClient): Promise<SlowS3Mount> {
  const swift = storageTargets().find((target) => target.name === 'swift');
  if (!swift) {
    throw new Error('no S3 storage target');
  }
  const s3Server = await swiftServer();
  const proxy = await startThrottledProxy(s3Server.endpoint);
  const body = await swift.configBody({ endpoint_url: proxy.endpoint });
  const res = await admin.post<StorageConfigItem>('/api/s3-configs', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const configId = res.body.data.id;
  const mountPath = `/${fresh('slow')}`;
  const { id } = await insertMount(server.deps, {
    mountPath,
    storageConfigId: configId,
    storageType: 'S3',
    cacheTtl: 0,
  });
  const s3 = s3ClientFor(s3Server);
  return {
    id,
    configId,
    mountPath,
    driver: await driverOf(server, configId),
    proxy,
    bucket: body.bucket_name ?? '',
    prefix: `${body.default_folder ?? ''}/`,
    s3,
    async close() {
      s3.destroy();
      await proxy.close();
    },
  };
}

/** Whether the bucket holds an object at the key (below the config's default folder). */
export async function s3ObjectExists(mount: SlowS3Mount, key: string): Promise<boolean> {
  try {
    await mount.s3.send(
      new HeadObjectCommand({ Bucket: mount.bucket, Key: `${mount.prefix}${key}` }),
    );
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return false;
    }
    throw error;
  }
}

/** The keys of the multipart uploads the bucket still holds (begun, never completed or aborted). */
export async function pendingUploads(mount: Pick<SlowS3Mount, 's3' | 'bucket'>): Promise<string[]> {
  const out = await mount.s3.send(new ListMultipartUploadsCommand({ Bucket: mount.bucket }));
  return (out.Uploads ?? []).map((upload) => upload.Key ?? '');
}

/** Temp files (half-written objects) anywhere under a local storage root. */
export async function tempFilesUnder(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.name.startsWith(TEMP_FILE_PREFIX))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
