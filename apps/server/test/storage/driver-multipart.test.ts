import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidPartError, UploadNotFoundError } from '@/storage/driver';
import { absoluteUrl, storageTargets } from '../support/storage-targets';
import { driverFixture, FIXTURE_TIMEOUT_MS, streamOf, type DriverFixture } from './helpers';

/** S3's smallest part (every part but the last). */
const PART = 5 * 1024 * 1024;

function md5(data: Buffer | string): string {
  return createHash('md5').update(data).digest('hex');
}

describe.each(storageTargets())('StorageDriver multipart on $name', (target) => {
  let fx: DriverFixture;
  const first = Buffer.alloc(PART, 'a');
  const second = Buffer.from('the last part is small');

  beforeAll(async () => {
    fx = await driverFixture(target);
  }, FIXTURE_TIMEOUT_MS);
  afterAll(() => fx?.server.close());

  it('uploads parts through the server, lists them, completes into one object', async () => {
    const key = 'multi/relayed.bin';
    const { uploadId } = await fx.driver.createMultipart(key, {
      contentType: 'application/octet-stream',
    });
    expect(await fx.driver.listParts(key, uploadId)).toEqual([]);
    const one = await fx.driver.uploadPart(key, uploadId, 1, streamOf(first), first.length);
    const two = await fx.driver.uploadPart(key, uploadId, 2, streamOf(second));
    expect(one.etag).toBe(md5(first));
    expect(two.etag).toBe(md5(second));
    expect(await fx.driver.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: one.etag, size: first.length },
      { partNumber: 2, etag: two.etag, size: second.length },
    ]);
    expect(await fx.driver.stat(key)).toBeNull();
    const done = await fx.driver.completeMultipart(key, uploadId, [
      { partNumber: 1, etag: one.etag },
      { partNumber: 2, etag: `"${two.etag}"` },
    ]);
    expect(done.size).toBe(first.length + second.length);
    const stat = await fx.driver.stat(key);
    expect(stat).toMatchObject({ size: done.size, etag: done.etag });
    const tail = await fx.driver.get(key, { start: PART - 2, end: done.size - 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of tail.body) {
      chunks.push(chunk as Buffer);
    }
    expect(Buffer.concat(chunks).toString()).toBe(`aa${second.toString()}`);
  });

  it('a re-sent part replaces the earlier one', async () => {
    const key = 'multi/resent.bin';
    const { uploadId } = await fx.driver.createMultipart(key);
    await fx.driver.uploadPart(key, uploadId, 1, streamOf('first try'), 9);
    const again = await fx.driver.uploadPart(key, uploadId, 1, streamOf('second try'), 10);
    expect(await fx.driver.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: again.etag, size: 10 },
    ]);
    await fx.driver.abortMultipart(key, uploadId);
  });

  it('refuses to complete with an ETag that does not match a stored part', async () => {
    const key = 'multi/wrong-etag.bin';
    const { uploadId } = await fx.driver.createMultipart(key);
    await fx.driver.uploadPart(key, uploadId, 1, streamOf('only part'), 9);
    await expect(
      fx.driver.completeMultipart(key, uploadId, [{ partNumber: 1, etag: md5('other') }]),
    ).rejects.toBeInstanceOf(InvalidPartError);
    expect(await fx.driver.stat(key)).toBeNull();
    await fx.driver.abortMultipart(key, uploadId);
  });

  it('a part whose body fails midway fails with that error at once', async () => {
    const key = 'multi/failing-body.bin';
    const { uploadId } = await fx.driver.createMultipart(key);
    const failure = new Error('the source failed');
    // A megabyte of the five declared, then the source errors: the storage would wait for
    // the rest until it gives up (Swift after a minute) unless the request is aborted.
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(1024 * 1024, 'b'));
    setTimeout(() => body.destroy(failure), 50);
    await expect(fx.driver.uploadPart(key, uploadId, 1, body, PART)).rejects.toBe(failure);
    expect(await fx.driver.listParts(key, uploadId)).toEqual([]);
    await fx.driver.abortMultipart(key, uploadId);
  });

  it('abort drops the parts: the upload is gone and no object appears', async () => {
    const key = 'multi/aborted.bin';
    const { uploadId } = await fx.driver.createMultipart(key);
    await fx.driver.uploadPart(key, uploadId, 1, streamOf('doomed'), 6);
    await fx.driver.abortMultipart(key, uploadId);
    await expect(fx.driver.listParts(key, uploadId)).rejects.toBeInstanceOf(UploadNotFoundError);
    await expect(
      fx.driver.uploadPart(key, uploadId, 2, streamOf('late'), 4),
    ).rejects.toBeInstanceOf(UploadNotFoundError);
    expect(await fx.driver.stat(key)).toBeNull();
    await fx.driver.abortMultipart(key, uploadId);
    expect((await fx.driver.list('multi/aborted')).objects).toEqual([]);
  });

  it('takes parts PUT by the browser to presigned part URLs, reading ETag headers', async () => {
    const key = 'multi/browser.bin';
    const { uploadId } = await fx.driver.createMultipart(key);
    const etags: string[] = [];
    for (const [index, body] of [first, second].entries()) {
      const request = await fx.driver.presignPart(key, uploadId, index + 1, 300);
      expect(request.method).toBe('PUT');
      const res = await fetch(absoluteUrl(fx.server, request.url), {
        method: 'PUT',
        headers: request.headers,
        body,
      });
      expect(res.status).toBe(200);
      const etag = res.headers.get('etag') ?? '';
      expect(etag.replace(/"/g, '')).toBe(md5(body));
      etags.push(etag.replace(/"/g, ''));
    }
    const stored = await fx.driver.listParts(key, uploadId);
    expect(stored.map((part) => part.etag)).toEqual(etags);
    const done = await fx.driver.completeMultipart(
      key,
      uploadId,
      etags.map((etag, index) => ({ partNumber: index + 1, etag })),
    );
    expect(done.size).toBe(first.length + second.length);
  });
});
