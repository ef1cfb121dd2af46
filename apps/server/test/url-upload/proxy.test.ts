import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import type { TestOrigin } from './origin';
import { type KeyClients, proxy, setMaxUploadMb, urlUploadServer } from './support';

/** Reads a response body to the end, or answers how far it got before it broke. */
async function readBody(res: Response): Promise<{ bytes: Buffer; failed: boolean }> {
  const chunks: Uint8Array[] = [];
  let failed = false;
  const reader = (res.body as ReadableStream<Uint8Array> | null)?.getReader();
  try {
    for (let step = await reader?.read(); step && !step.done; step = await reader?.read()) {
      chunks.push(step.value);
    }
  } catch {
    failed = true;
  }
  return { bytes: Buffer.concat(chunks), failed };
}

describe('GET /api/url/proxy (ALLOW_PRIVATE_URLS=true, a local origin)', () => {
  let server: TestServer;
  let origin: TestOrigin;
  let admin: ApiClient;
  let keys: KeyClients;
  urlUploadServer((opened) => ({ server, origin, admin, keys } = opened));

  it('streams the exact bytes with the remote type, length and name', async () => {
    const res = await proxy(admin, `${origin.url}/files/photo.bin`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(origin.photo.length));
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''photo.bin");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const { bytes, failed } = await readBody(res);
    expect(failed).toBe(false);
    expect(bytes.equals(origin.photo)).toBe(true);
  });

  it('streams a body without Content-Length, and follows redirects', async () => {
    const chunked = await proxy(admin, `${origin.url}/chunked/photo.bin`);
    expect(chunked.status).toBe(200);
    expect(chunked.headers.get('content-length')).toBeNull();
    expect((await readBody(chunked)).bytes.equals(origin.photo)).toBe(true);

    const redirected = await proxy(keys.fileKey, `${origin.url}/redirect/5`);
    expect(redirected.status).toBe(200);
    expect((await readBody(redirected)).bytes.equals(origin.photo)).toBe(true);
  });

  it('names a Unicode file in Content-Disposition', async () => {
    const res = await proxy(admin, `${origin.url}/download`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Résumé 简历.pdf')}`,
    );
    expect((await readBody(res)).bytes.toString()).toBe('%PDF-1.4 test');
  });

  it('stops at the max upload size: refused up front, or cut while streaming', async () => {
    await setMaxUploadMb(server, 1);
    try {
      const announced = await proxy(admin, `${origin.url}/large?size=${3 * 1024 * 1024}`);
      expect(announced.status).toBe(413);
      expect(((await announced.json()) as { error: string }).error).toBe('FILE_TOO_LARGE');

      const total = 16 * 1024 * 1024;
      const unannounced = await proxy(admin, `${origin.url}/large?size=${total}&length=no`);
      expect(unannounced.status).toBe(200);
      const { bytes, failed } = await readBody(unannounced);
      expect(failed).toBe(true);
      expect(bytes.length).toBeLessThanOrEqual(1024 * 1024);
      // Only the remote's bytes (zeros) arrived: no error text was appended to the body.
      expect(bytes.every((byte) => byte === 0)).toBe(true);

      const within = await proxy(admin, `${origin.url}/large?size=${1024 * 1024}&length=no`);
      const whole = await readBody(within);
      expect(whole).toMatchObject({ failed: false });
      expect(whole.bytes.length).toBe(1024 * 1024);
    } finally {
      await setMaxUploadMb(server, 100);
    }
  });

  it('answers a remote error as URL_FETCH_FAILED, not as the remote body', async () => {
    const res = await proxy(admin, `${origin.url}/missing.txt`);
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('URL_FETCH_FAILED');
    expect(body.message).toContain('404');
  });

  it('is not an open proxy: anonymous 401, a key without file permission 403', async () => {
    const requestsBefore = origin.requests.length;
    const anonymous = await proxy(server.anon, `${origin.url}/files/photo.bin`);
    expect(anonymous.status).toBe(401);
    const textOnly = await proxy(keys.textOnlyKey, `${origin.url}/files/photo.bin`);
    expect(textOnly.status).toBe(403);
    expect(((await textOnly.json()) as { error: string }).error).toBe('FILE_PERMISSION_REQUIRED');
    expect(origin.requests.length).toBe(requestsBefore);
  });
});
