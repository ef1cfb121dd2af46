import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absoluteUrl, storageTargets } from '../support/storage-targets';
import {
  driverFixture,
  FIXTURE_TIMEOUT_MS,
  readText,
  streamOf,
  type DriverFixture,
} from './helpers';

describe.each(storageTargets())('StorageDriver presigned URLs on $name', (target) => {
  let fx: DriverFixture;
  const url = (relativeOrAbsolute: string) => absoluteUrl(fx.server, relativeOrAbsolute);

  beforeAll(async () => {
    fx = await driverFixture(target);
  }, FIXTURE_TIMEOUT_MS);
  afterAll(() => fx?.server.close());

  it('a browser PUTs to presignPut and the object is there', async () => {
    const request = await fx.driver.presignPut('presigned/put.txt', {
      expiresInSeconds: 300,
      size: 12,
      contentType: 'text/plain',
    });
    expect(request.method).toBe('PUT');
    expect(request.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(request.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const res = await fetch(url(request.url), {
      method: 'PUT',
      headers: request.headers,
      body: 'uploaded it!',
    });
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag')?.replace(/"/g, '');
    const stat = await fx.driver.stat('presigned/put.txt');
    expect(stat).toMatchObject({ size: 12, etag });
    expect(await readText((await fx.driver.get('presigned/put.txt')).body)).toBe('uploaded it!');
  });

  it('a URL issued for a size refuses a longer body and stores nothing', async () => {
    const request = await fx.driver.presignPut('presigned/sized.txt', {
      expiresInSeconds: 300,
      size: 5,
    });
    const res = await fetch(url(request.url), { method: 'PUT', body: 'far more than five' });
    expect(res.ok).toBe(false);
    expect([403, 413]).toContain(res.status);
    expect(await fx.driver.stat('presigned/sized.txt')).toBeNull();
  });

  it('a browser GETs presignGet, with the disposition it was issued with, and Range', async () => {
    await fx.driver.put('presigned/get.txt', streamOf('0123456789'), { size: 10 });
    const request = await fx.driver.presignGet('presigned/get.txt', {
      expiresInSeconds: 300,
      disposition: "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.txt",
      contentType: 'text/plain',
    });
    expect(request.method).toBe('GET');
    const whole = await fetch(url(request.url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.txt",
    );
    expect(whole.headers.get('content-type')).toBe('text/plain');
    expect(await whole.text()).toBe('0123456789');
    const range = await fetch(url(request.url), { headers: { Range: 'bytes=3-6' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 3-6/10');
    expect(await range.text()).toBe('3456');
  });

  it('a presigned GET of a missing object answers 404', async () => {
    const request = await fx.driver.presignGet('presigned/none.txt', { expiresInSeconds: 300 });
    expect((await fetch(url(request.url))).status).toBe(404);
  });
});
