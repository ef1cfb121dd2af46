import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '@/lib/compression';
import { rawGet } from '../support/raw-get';
import { startTestServer, type TestServer } from '../support/test-server';

describe('API answers are compressed above 1 KiB', () => {
  let server: TestServer;
  let small: string;
  let medium: string;
  let large: string;
  const mediumContent = 'A line of a shared note, repeated.\n'.repeat(200);
  const largeContent = 'x'.repeat(200 * 1024);

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.admin();
    const create = async (content: string) =>
      (await admin.post<{ slug: string }>('/api/paste', { content })).body.data.slug;
    small = await create('short');
    medium = await create(mediumContent);
    large = await create(largeContent);
  });
  afterAll(() => server.close());

  it('sends brotli to a client that takes it, and the JSON decodes to the paste', async () => {
    const res = await rawGet(`${server.baseUrl}/api/paste/${medium}`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const json = JSON.parse(brotliDecompressSync(res.body).toString('utf8')) as {
      data: { content: string };
    };
    expect(json.data.content).toBe(mediumContent);
    expect(res.body.length).toBeLessThan(mediumContent.length / 4);
  });

  it('sends gzip when brotli is refused, and plain when nothing is accepted', async () => {
    const gzip = await rawGet(`${server.baseUrl}/api/raw/${medium}`, {
      'accept-encoding': 'br;q=0, gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(mediumContent);
    const plain = await rawGet(`${server.baseUrl}/api/raw/${large}`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body.toString('utf8')).toBe(largeContent);
  });

  it('streams the compression of a large answer', async () => {
    const res = await rawGet(`${server.baseUrl}/api/raw/${large}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(largeContent);
  });

  it('counts the threshold in bytes: 1 KiB of text is compressed, one byte less is not', async () => {
    const admin = await server.admin();
    const cases = [
      ['a'.repeat(1023), undefined],
      ['a'.repeat(1024), 'br'],
      // Three bytes a character: 341 of them are 1,023 bytes, 342 are 1,026.
      ['界'.repeat(341), undefined],
      ['界'.repeat(342), 'br'],
    ] as const;
    for (const [content, encoding] of cases) {
      const slug = (await admin.post<{ slug: string }>('/api/paste', { content })).body.data.slug;
      const res = await rawGet(`${server.baseUrl}/api/raw/${slug}`, { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding'], `${content.length} × ${content[0]}`).toBe(encoding);
      const text = encoding ? brotliDecompressSync(res.body) : res.body;
      expect(text.toString('utf8')).toBe(content);
    }
  });

  it('leaves a small answer as it is', async () => {
    const res = await rawGet(`${server.baseUrl}/api/raw/${small}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe('short');
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0, br;q=0.0', null],
    ['*', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
