import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestOrigin } from './origin';
import { proxy, urlUploadServer } from './support';

/**
 * DESIGN §5 with ALLOW_PRIVATE_URLS off (the default): the server refuses every URL that
 * is not public http(s), and proves it by never connecting to the local origin.
 */
describe('URL upload refuses private and non-http URLs by default', () => {
  let origin: TestOrigin;
  let admin: ApiClient;
  urlUploadServer((opened) => ({ origin, admin } = opened), {});

  const refused = () => {
    const port = origin.port;
    return [
      `http://127.0.0.1:${port}/files/photo.bin`,
      `http://localhost:${port}/files/photo.bin`,
      `http://LocalHost.:${port}/files/photo.bin`,
      `http://127.1:${port}/files/photo.bin`,
      `http://2130706433:${port}/files/photo.bin`,
      `http://0x7f.0.0.1:${port}/files/photo.bin`,
      `http://0.0.0.0:${port}/files/photo.bin`,
      `http://[::1]:${port}/files/photo.bin`,
      `http://[::ffff:127.0.0.1]:${port}/files/photo.bin`,
      `https://[fe80::1]/`,
      `http://[fd00::1]/`,
      'http://10.0.0.1/file.bin',
      'http://172.16.5.4/file.bin',
      'http://192.168.1.1/router.cfg',
      'http://100.64.0.1/cgnat',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://224.0.0.1/',
      `ftp://127.0.0.1:${port}/files/photo.bin`,
      'ftp://example.com/file.bin',
      'file:///etc/passwd',
      'gopher://example.com/',
      'javascript:alert(1)',
      'not a url',
    ];
  };

  it('answers URL_NOT_ALLOWED on url/info without connecting', async () => {
    for (const url of refused()) {
      const res = await admin.post('/api/url/info', { url });
      expect({ url, status: res.status, error: res.body.error }).toEqual({
        url,
        status: 400,
        error: 'URL_NOT_ALLOWED',
      });
    }
    expect(origin.connections).toBe(0);
  });

  it('answers URL_NOT_ALLOWED on url/proxy without connecting', async () => {
    for (const url of refused()) {
      const res = await proxy(admin, url);
      const body = (await res.json()) as { error: string };
      expect({ url, status: res.status, error: body.error }).toEqual({
        url,
        status: 400,
        error: 'URL_NOT_ALLOWED',
      });
    }
    expect(origin.connections).toBe(0);
  });
});
