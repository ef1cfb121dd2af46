import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListOptions } from '@/storage/driver';
import { storageTargets } from '../support/storage-targets';
import { driverFixture, FIXTURE_TIMEOUT_MS, streamOf, type DriverFixture } from './helpers';

const KEYS = [
  'list/a.txt',
  'list/b.txt',
  'list/sub/c.txt',
  'list/sub/deep/d.txt',
  'list/z/e.txt',
  'listing-elsewhere.txt',
];

describe.each(storageTargets())('StorageDriver list on $name', (target) => {
  let fx: DriverFixture;

  /** Every page until the cursor runs out: keys and prefixes in the order given. */
  async function allPages(prefix: string, options: ListOptions) {
    const entries: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await fx.driver.list(prefix, { ...options, cursor });
      const keys = [...page.objects.map((o) => o.key), ...page.prefixes];
      entries.push(...keys.sort());
      pageSizes.push(keys.length);
      cursor = page.cursor;
    } while (cursor !== null && pageSizes.length < 20);
    return { entries, pageSizes };
  }

  beforeAll(async () => {
    fx = await driverFixture(target);
    for (const key of KEYS) {
      await fx.driver.put(key, streamOf(key), { size: key.length });
    }
  }, FIXTURE_TIMEOUT_MS);
  afterAll(() => fx?.server.close());

  it('with the / delimiter lists one level: objects and sub-folders as prefixes', async () => {
    const page = await fx.driver.list('list/', { delimiter: '/' });
    expect(page.objects.map((o) => o.key)).toEqual(['list/a.txt', 'list/b.txt']);
    expect(page.prefixes).toEqual(['list/sub/', 'list/z/']);
    expect(page.cursor).toBeNull();
    expect(page.objects[0]).toMatchObject({ size: 'list/a.txt'.length });
    expect(page.objects[0]?.etag).toBeTruthy();
  });

  it('lists the root with the delimiter', async () => {
    const page = await fx.driver.list('', { delimiter: '/' });
    expect(page.objects.map((o) => o.key)).toEqual(['listing-elsewhere.txt']);
    expect(page.prefixes).toEqual(['list/']);
  });

  it('without a delimiter lists every key below the prefix, in order', async () => {
    const page = await fx.driver.list('list/');
    expect(page.objects.map((o) => o.key)).toEqual(KEYS.slice(0, 5));
    expect(page.prefixes).toEqual([]);
  });

  it('treats a prefix as a name prefix, as S3 does', async () => {
    expect((await fx.driver.list('list')).objects.map((o) => o.key)).toEqual(KEYS);
    const partial = await fx.driver.list('list/s', { delimiter: '/' });
    expect(partial.objects).toEqual([]);
    expect(partial.prefixes).toEqual(['list/sub/']);
    expect((await fx.driver.list('nothing-here/')).objects).toEqual([]);
  });

  it('pages with a cursor: every key once, pages no bigger than the limit', async () => {
    const { entries, pageSizes } = await allPages('list/', { limit: 2 });
    expect(entries).toEqual(KEYS.slice(0, 5));
    expect(pageSizes).toEqual([2, 2, 1]);
  });

  it('pages a delimited listing, counting prefixes as entries', async () => {
    const { entries, pageSizes } = await allPages('list/', { delimiter: '/', limit: 1 });
    expect(entries).toEqual(['list/a.txt', 'list/b.txt', 'list/sub/', 'list/z/']);
    expect(pageSizes).toEqual([1, 1, 1, 1]);
  });
});
