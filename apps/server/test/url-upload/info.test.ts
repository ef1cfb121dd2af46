import type { UrlInfo } from '@pastebox/contract/schemas/url-upload';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import type { TestOrigin } from './origin';
import { type KeyClients, setMaxUploadMb, urlUploadServer } from './support';

describe('POST /api/url/info (ALLOW_PRIVATE_URLS=true, a local origin)', () => {
  let server: TestServer;
  let origin: TestOrigin;
  let admin: ApiClient;
  let keys: KeyClients;
  urlUploadServer((opened) => ({ server, origin, admin, keys } = opened));

  const info = (client: ApiClient, url: string) => client.post<UrlInfo>('/api/url/info', { url });

  it('answers name, type, size and range support from the headers, without the body', async () => {
    const res = await info(admin, `${origin.url}/files/photo.bin?v=1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      url: `${origin.url}/files/photo.bin?v=1`,
      final_url: `${origin.url}/files/photo.bin?v=1`,
      filename: 'photo.bin',
      mimetype: 'image/png',
      contentType: 'image/png',
      size: origin.photo.length,
      supports_range: true,
      max_upload_size_bytes: 100 * 1024 * 1024,
    });
    // HEAD was enough: no GET was sent for this file.
    const asked = origin.requests.filter((r) => r.url === '/files/photo.bin?v=1');
    expect(asked.map((r) => r.method)).toEqual(['HEAD']);
  });

  it('decodes a Unicode name from Content-Disposition (filename*) and from the path', async () => {
    const fromHeader = await info(admin, `${origin.url}/download`);
    expect(fromHeader.body.data).toMatchObject({
      filename: 'Résumé 简历.pdf',
      mimetype: 'application/pdf',
    });
    const fromPath = await info(admin, `${origin.url}/${encodeURIComponent('报告 ✓.txt')}`);
    expect(fromPath.body.data).toMatchObject({ filename: '报告 ✓.txt', mimetype: 'text/plain' });
  });

  it('answers size null when the server sends no Content-Length', async () => {
    const res = await info(admin, `${origin.url}/chunked/photo.bin`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ filename: 'photo.bin', size: null });
  });

  it('falls back to GET when HEAD is refused', async () => {
    const res = await info(admin, `${origin.url}/no-head`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ filename: 'no-head', size: 23 });
  });

  it('follows redirects and names the final URL', async () => {
    const res = await info(admin, `${origin.url}/redirect/3`);
    expect(res.status).toBe(200);
    expect(res.body.data.final_url).toBe(`${origin.url}/files/photo.bin`);
    expect(res.body.data.size).toBe(origin.photo.length);
    const tooMany = await info(admin, `${origin.url}/redirect/6`);
    expect(tooMany.status).toBe(502);
    expect(tooMany.body.error).toBe('URL_TOO_MANY_REDIRECTS');
  });

  it("reports the remote server's refusal and a file over the max upload size", async () => {
    const missing = await info(admin, `${origin.url}/missing.txt`);
    expect(missing.status).toBe(502);
    expect(missing.body.error).toBe('URL_FETCH_FAILED');
    expect(missing.body.message).toContain('404');

    await setMaxUploadMb(server, 1);
    const big = await info(admin, `${origin.url}/large?size=${2 * 1024 * 1024}`);
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('FILE_TOO_LARGE');
    const small = await info(admin, `${origin.url}/files/photo.bin`);
    expect(small.body.data.max_upload_size_bytes).toBe(1024 * 1024);
    await setMaxUploadMb(server, 100);
  });

  it('keeps credentials out of the answer', async () => {
    const withCredentials = `http://user:pa%20ss@127.0.0.1:${origin.port}/files/photo.bin`;
    const res = await info(admin, withCredentials);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('pa%20ss');
    expect(res.body.data.url).toBe(`${origin.url}/files/photo.bin`);
  });

  it('needs an admin or a key with file permission', async () => {
    const url = `${origin.url}/files/photo.bin`;
    const anonymous = await info(server.anon, url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('UNAUTHORIZED');
    const textOnly = await info(keys.textOnlyKey, url);
    expect(textOnly.status).toBe(403);
    expect(textOnly.body.error).toBe('FILE_PERMISSION_REQUIRED');
    const fileKey = await info(keys.fileKey, url);
    expect(fileKey.status).toBe(200);
    expect(fileKey.body.data.size).toBe(origin.photo.length);
  });

  it('refuses a body that is not an http(s) URL string', async () => {
    const res = await admin.post('/api/url/info', { url: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    const ftp = await info(admin, 'ftp://127.0.0.1/file.txt');
    expect(ftp.status).toBe(400);
    expect(ftp.body.error).toBe('URL_NOT_ALLOWED');
  });
});
