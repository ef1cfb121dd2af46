import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDriver } from '@/storage/local';
import { getDefaultStorage } from '@/modules/storage-configs/service';
import { startTestServer, type TestServer } from '../support/test-server';

/** Every file below a directory (temp files included), relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A body that arrives in chunks with no Content-Length (chunked transfer encoding). */
function chunkedBody(totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) {
        controller.close();
        return;
      }
      const size = Math.min(64 * 1024, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(7));
    },
  });
}

describe('local storage signed endpoints', () => {
  let server: TestServer;
  let driver: LocalDriver;
  const absolute = (url: string) => (url.startsWith('/') ? `${server.baseUrl}${url}` : url);

  beforeAll(async () => {
    server = await startTestServer();
    const storage = await getDefaultStorage(server.deps);
    if (!(storage.driver instanceof LocalDriver)) {
      throw new Error('the default storage of a fresh install must be local');
    }
    driver = storage.driver;
  });
  afterAll(() => server.close());

  it('stores a presigned PUT and answers its ETag, and the default root is DATA_DIR/files', async () => {
    const put = await driver.presignPut('docs/hello.txt', { expiresInSeconds: 60, size: 5 });
    expect(put.url.startsWith('/api/storage/local/')).toBe(true);
    const res = await fetch(absolute(put.url), { method: 'PUT', body: 'hello' });
    expect(res.status).toBe(200);
    const stat = await driver.stat('docs/hello.txt');
    expect(stat?.size).toBe(5);
    expect(res.headers.get('etag')).toBe(`"${stat?.etag}"`);
    expect(fs.readFileSync(path.join(server.dataDir, 'files/docs/hello.txt'), 'utf8')).toBe(
      'hello',
    );
  });

  it('refuses a tampered URL with 403 and stores nothing', async () => {
    const put = await driver.presignPut('tamper/a.txt', { expiresInSeconds: 60, size: 5 });
    const url = new URL(absolute(put.url));
    const otherKey = new URL(url);
    otherKey.searchParams.set('key', 'tamper/b.txt');
    const biggerSize = new URL(url);
    biggerSize.searchParams.set('max', '50');
    const badSignature = new URL(url);
    badSignature.searchParams.set('sig', `${url.searchParams.get('sig')?.slice(0, -2)}xx`);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('sig');
    for (const target of [otherKey, biggerSize, badSignature, unsigned]) {
      const res = await fetch(target, { method: 'PUT', body: 'hello' });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'SIGNED_URL_INVALID' });
    }
    expect(filesUnder(path.join(driver.root, 'tamper'))).toEqual([]);
  });

  it('binds a signature to its operation: a PUT URL does not read, a GET URL does not write', async () => {
    await driver.put('bound.txt', Readable.from(['data']));
    const put = await driver.presignPut('bound.txt', { expiresInSeconds: 60 });
    expect((await fetch(absolute(put.url))).status).toBe(403);
    const get = await driver.presignGet('bound.txt', { expiresInSeconds: 60 });
    const res = await fetch(absolute(get.url), { method: 'PUT', body: 'overwrite' });
    expect(res.status).toBe(403);
    expect(await (await fetch(absolute(get.url))).text()).toBe('data');
  });

  it('refuses an expired URL with 403', async () => {
    const put = await driver.presignPut('late.txt', { expiresInSeconds: 60, size: 4 });
    const get = await driver.presignGet('bound.txt', { expiresInSeconds: 60 });
    server.clock.advance(61_000);
    const res = await fetch(absolute(put.url), { method: 'PUT', body: 'late' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'SIGNED_URL_EXPIRED' });
    expect((await fetch(absolute(get.url))).status).toBe(403);
    expect(await driver.stat('late.txt')).toBeNull();
  });

  it('answers 413 for a body over the signed size and keeps nothing', async () => {
    const put = await driver.presignPut('big/declared.bin', { expiresInSeconds: 60, size: 10 });
    const res = await fetch(absolute(put.url), { method: 'PUT', body: 'x'.repeat(11) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'FILE_TOO_LARGE' });
    expect(await driver.stat('big/declared.bin')).toBeNull();
  });

  it('stops a streamed body without Content-Length at the signed size and keeps nothing', async () => {
    const put = await driver.presignPut('big/streamed.bin', {
      expiresInSeconds: 60,
      size: 100_000,
    });
    const res = await fetch(absolute(put.url), {
      method: 'PUT',
      body: chunkedBody(1_000_000),
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await driver.stat('big/streamed.bin')).toBeNull();
    expect(filesUnder(path.join(driver.root, 'big'))).toEqual([]);
  });

  it('stores a part PUT and answers the part ETag (MD5, as S3 does)', async () => {
    const { uploadId } = await driver.createMultipart('multi/file.bin');
    const part = await driver.presignPart('multi/file.bin', uploadId, 1, 60);
    const body = 'first part';
    const res = await fetch(absolute(part.url), { method: 'PUT', body });
    expect(res.status).toBe(200);
    const md5 = createHash('md5').update(body).digest('hex');
    expect(res.headers.get('etag')).toBe(`"${md5}"`);
    expect(await driver.listParts('multi/file.bin', uploadId)).toEqual([
      { partNumber: 1, etag: md5, size: body.length },
    ]);
    await driver.abortMultipart('multi/file.bin', uploadId);
    const again = await fetch(absolute(part.url), { method: 'PUT', body });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'UPLOAD_NOT_FOUND' });
  });

  it('serves a presigned GET whole and by Range, with the signed disposition', async () => {
    await driver.put('media/clip.txt', Readable.from(['0123456789']));
    const get = await driver.presignGet('media/clip.txt', {
      expiresInSeconds: 60,
      disposition: "inline; filename*=UTF-8''clip.txt",
      contentType: 'text/plain',
    });
    const whole = await fetch(absolute(get.url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('text/plain');
    expect(whole.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''clip.txt");
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await whole.text()).toBe('0123456789');
    const part = await fetch(absolute(get.url), { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    const tail = await fetch(absolute(get.url), { headers: { Range: 'bytes=-3' } });
    expect(await tail.text()).toBe('789');
    const past = await fetch(absolute(get.url), { headers: { Range: 'bytes=10-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10');
  });

  it('never lets HTML or SVG render on the app origin: sent as an attachment', async () => {
    await driver.put('page.html', Readable.from(['<script>alert(1)</script>']));
    const get = await driver.presignGet('page.html', {
      expiresInSeconds: 60,
      disposition: 'inline; filename="page.html"',
      contentType: 'text/html',
    });
    const res = await fetch(absolute(get.url));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="page.html"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
