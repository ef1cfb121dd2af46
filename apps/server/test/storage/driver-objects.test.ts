import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRangeError, ObjectNotFoundError } from '@/storage/driver';
import { InvalidKeyError } from '@/storage/keys';
import { SizeMismatchError } from '@/storage/streams';
import { storageTargets } from '../support/storage-targets';
import {
  driverFixture,
  FIXTURE_TIMEOUT_MS,
  readText,
  streamOf,
  type DriverFixture,
} from './helpers';

describe.each(storageTargets())('StorageDriver objects on $name', (target) => {
  let fx: DriverFixture;

  beforeAll(async () => {
    fx = await driverFixture(target);
  }, FIXTURE_TIMEOUT_MS);
  afterAll(() => fx?.server.close());

  it('stat answers null for a missing object', async () => {
    expect(await fx.driver.stat('nothing/here.txt')).toBeNull();
  });

  it('puts a stream of known size and gets it back with the same metadata', async () => {
    const put = await fx.driver.put('objects/hello.txt', streamOf('hello world'), {
      size: 11,
      contentType: 'text/plain',
    });
    expect(put.size).toBe(11);
    expect(put.etag).toMatch(/^[^"]+$/);
    const stat = await fx.driver.stat('objects/hello.txt');
    expect(stat).toMatchObject({ key: 'objects/hello.txt', size: 11, etag: put.etag });
    expect(stat?.lastModified).toBeInstanceOf(Date);
    const got = await fx.driver.get('objects/hello.txt');
    expect(got).toMatchObject({ size: 11, contentLength: 11, range: null, etag: put.etag });
    expect(await readText(got.body)).toBe('hello world');
  });

  it('puts a stream of unknown size (several chunks)', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => `chunk-${i};`);
    const { Readable } = await import('node:stream');
    const put = await fx.driver.put('objects/unknown.txt', Readable.from(chunks));
    expect(put.size).toBe(chunks.join('').length);
    expect(await readText((await fx.driver.get('objects/unknown.txt')).body)).toBe(chunks.join(''));
  });

  it('overwrites an object with a new body and a new ETag', async () => {
    const first = await fx.driver.put('objects/over.txt', streamOf('one'), { size: 3 });
    const second = await fx.driver.put('objects/over.txt', streamOf('two!'), { size: 4 });
    expect(second.etag).not.toBe(first.etag);
    expect(await readText((await fx.driver.get('objects/over.txt')).body)).toBe('two!');
  });

  it('refuses a body longer or shorter than its declared size and keeps nothing', async () => {
    await expect(
      fx.driver.put('objects/long.txt', streamOf('0123456789'), { size: 5 }),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    expect(await fx.driver.stat('objects/long.txt')).toBeNull();
    await expect(
      fx.driver.put('objects/short.txt', streamOf('01234'), { size: 10 }),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    expect(await fx.driver.stat('objects/short.txt')).toBeNull();
  });

  it('reads inclusive byte ranges, clamps the end, refuses a start past the end', async () => {
    await fx.driver.put('objects/digits.txt', streamOf('0123456789'), { size: 10 });
    const middle = await fx.driver.get('objects/digits.txt', { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 10, contentLength: 4, range: { start: 2, end: 5 } });
    expect(await readText(middle.body)).toBe('2345');
    const tail = await fx.driver.get('objects/digits.txt', { start: 7, end: 100 });
    expect(tail).toMatchObject({ contentLength: 3, range: { start: 7, end: 9 } });
    expect(await readText(tail.body)).toBe('789');
    await expect(
      fx.driver.get('objects/digits.txt', { start: 10, end: 20 }),
    ).rejects.toBeInstanceOf(InvalidRangeError);
  });

  it('answers ObjectNotFoundError for a missing object', async () => {
    await expect(fx.driver.get('objects/missing.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('copies within the storage; copying a missing object fails', async () => {
    await fx.driver.put('objects/source.txt', streamOf('copy me'), { size: 7 });
    await fx.driver.copy('objects/source.txt', 'copies/target.txt');
    expect(await readText((await fx.driver.get('copies/target.txt')).body)).toBe('copy me');
    expect(await fx.driver.stat('objects/source.txt')).not.toBeNull();
    await expect(fx.driver.copy('objects/none.txt', 'copies/none.txt')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
  });

  it('deletes several objects; missing ones are not an error', async () => {
    await fx.driver.put('trash/a.txt', streamOf('a'), { size: 1 });
    await fx.driver.put('trash/b.txt', streamOf('b'), { size: 1 });
    await fx.driver.delete(['trash/a.txt', 'trash/b.txt', 'trash/never.txt']);
    expect(await fx.driver.stat('trash/a.txt')).toBeNull();
    expect(await fx.driver.stat('trash/b.txt')).toBeNull();
    expect((await fx.driver.list('trash/')).objects).toEqual([]);
  });

  it('stores Unicode keys (NFC) and finds them again', async () => {
    const key = 'unicode/naïve ☃ 文件.txt';
    await fx.driver.put(key, streamOf('snow'), { size: 4 });
    expect(await readText((await fx.driver.get(key.normalize('NFD'))).body)).toBe('snow');
    const page = await fx.driver.list('unicode/');
    expect(page.objects.map((object) => object.key)).toEqual([key]);
  });

  it.each([
    '../escape.txt',
    'a/../../b.txt',
    '/absolute.txt',
    'back\\slash.txt',
    'nul\0.txt',
    'folder/',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(fx.driver.put(key, streamOf('x'), { size: 1 })).rejects.toBeInstanceOf(
      InvalidKeyError,
    );
    await expect(fx.driver.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
  });
});
