import path from 'node:path';
import { Readable } from 'node:stream';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PutOptions, StorageDriver } from '@/storage/driver';
import type { LocalDriver } from '@/storage/local';
import { UPLOAD_PART_BYTES } from '@/storage/s3-put';
import { driverOf, storageTargets } from '../support/storage-targets';
import { s3ClientFor, swiftServer } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { pendingUploads, tempFilesUnder } from '../tasks/in-flight-support';
import { waitFor } from '../tasks/tasks-support';
import { FIXTURE_TIMEOUT_MS } from './helpers';

/**
 * A body that gives `bytes` at once and then nothing more, never ending: a source that
 * stalled mid-object (a slow network, a paused reader). Only an abort ends the put.
 */
function stalledBody(bytes: number): Readable {
  let given = false;
  return new Readable({
    read() {
      if (!given) {
        given = true;
        this.push(Buffer.alloc(bytes, 'x'));
      }
    },
  });
}

class Cancelled extends Error {}

/**
 * PutOptions.signal (issue 30, cancelling a copy): an aborted put rejects with the
 * signal's reason and leaves nothing — no object, no temp file (local), no multipart
 * upload (S3: the upload is aborted before the put answers).
 */
describe.each(storageTargets())('StorageDriver put aborted on $name', (target) => {
  let server: TestServer;
  let driver: StorageDriver;
  let bucket = '';
  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.admin();
    const body = await target.configBody();
    bucket = body.bucket_name ?? '';
    const res = await admin.post<StorageConfigItem>('/api/s3-configs', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    driver = await driverOf(server, res.body.data.id);
  }, FIXTURE_TIMEOUT_MS);
  afterAll(() => server?.close());

  /** Evidence that the write is under way: a temp file (local) or a stored part (S3). */
  async function writing(key: string, multipart: boolean): Promise<void> {
    if (driver.kind === 'local') {
      const dir = path.dirname((driver as LocalDriver).pathOf(key));
      await waitFor(
        () => tempFilesUnder(dir).catch(() => []),
        (files) => files.length > 0,
        'the temp file',
      );
      return;
    }
    if (multipart) {
      const s3 = s3ClientFor(await swiftServer());
      try {
        await waitFor(
          () => pendingUploads({ s3, bucket }),
          (keys) => keys.length > 0,
          'the multipart upload',
        );
      } finally {
        s3.destroy();
      }
    }
  }

  async function abortedMidway(key: string, bytes: number, options: PutOptions) {
    const controller = new AbortController();
    const put = driver.put(key, stalledBody(bytes), { ...options, signal: controller.signal });
    const outcome = put.then(
      () => 'stored',
      (error: unknown) => error,
    );
    await writing(key, options.transfer === 'multipart');
    const reason = new Cancelled('cancelled by the test');
    controller.abort(reason);
    expect(await outcome).toBe(reason);
    expect(await driver.stat(key)).toBeNull();
    if (driver.kind === 'local') {
      expect(await tempFilesUnder((driver as LocalDriver).root)).toEqual([]);
    } else {
      const s3 = s3ClientFor(await swiftServer());
      try {
        expect(await pendingUploads({ s3, bucket })).toEqual([]);
      } finally {
        s3.destroy();
      }
    }
  }

  it('a put of a declared size aborted halfway', async () => {
    await abortedMidway('aborted/single.bin', 1024 * 1024, { size: 4 * 1024 * 1024 });
  });

  it('a streamed multipart put aborted after its first part', async () => {
    await abortedMidway('aborted/multi.bin', UPLOAD_PART_BYTES + 1024, { transfer: 'multipart' });
  });

  it('an already aborted signal writes nothing', async () => {
    const controller = new AbortController();
    const reason = new Cancelled('before the start');
    controller.abort(reason);
    const put = driver.put('aborted/never.bin', stalledBody(10), { signal: controller.signal });
    await expect(put).rejects.toBe(reason);
    expect(await driver.stat('aborted/never.bin')).toBeNull();
  });
});
