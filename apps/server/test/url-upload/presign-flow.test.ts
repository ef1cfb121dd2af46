import type { FileShare } from '@pastebox/contract/schemas/file';
import type { PresignResult } from '@pastebox/contract/schemas/upload';
import type { UrlInfo } from '@pastebox/contract/schemas/url-upload';
import { describe, expect, it } from 'vitest';
import { getStorage } from '@/modules/storage-configs/service';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { adminFile, download, downloadShare, putTo } from './flow';
import type { TestOrigin } from './origin';
import { type KeyClients, urlUploadServer } from './support';

describe('URL upload, presigned: url/presign → PUT → url/commit, and url/cancel', () => {
  let server: TestServer;
  let origin: TestOrigin;
  let admin: ApiClient;
  let keys: KeyClients;
  urlUploadServer((opened) => ({ server, origin, admin, keys } = opened));

  /** The browser's whole journey for `url` as `client`, up to the PUT. */
  async function presignAndPut(
    client: ApiClient,
    url: string,
    extra: Record<string, unknown> = {},
  ) {
    const info = await client.post<UrlInfo>('/api/url/info', { url });
    expect(info.status).toBe(200);
    const bytes = await download(url);
    const presign = await client.post<PresignResult>('/api/url/presign', {
      url,
      metadata: { ...info.body.data, size: bytes.length },
      ...extra,
    });
    expect(presign.status).toBe(200);
    const put = await putTo(server, presign.body.data.upload_url, presign.body.data.headers, bytes);
    expect(put.status).toBeLessThan(300);
    return { bytes, presign: presign.body.data, info: info.body.data };
  }

  it('stores the remote file as a share whose download equals the remote bytes', async () => {
    const url = `${origin.url}/files/photo.bin`;
    const { bytes, presign } = await presignAndPut(keys.fileKey, url, { remark: 'from the web' });
    expect(presign).toMatchObject({ provider_type: 'local', contentType: 'image/png' });
    expect(presign.slug).toMatch(/\S/);

    const commit = await keys.fileKey.post<FileShare>('/api/url/commit', {
      file_id: presign.file_id,
      storage_path: presign.storage_path,
      max_views: 5,
    });
    expect(commit.status).toBe(200);
    expect(commit.body.data).toMatchObject({
      filename: 'photo.bin',
      mimetype: 'image/png',
      size: origin.photo.length,
      status: 'ready',
      remark: 'from the web',
      max_views: 5,
    });
    const shared = await downloadShare(server, commit.body.data.slug);
    expect(shared.equals(bytes)).toBe(true);
    expect(shared.equals(origin.photo)).toBe(true);
  });

  it('names the file from the URL when the body does not, with a Unicode name', async () => {
    const url = `${origin.url}/download`;
    const presign = await admin.post<PresignResult>('/api/url/presign', {
      url,
      slug: 'cv-from-url',
    });
    expect(presign.status).toBe(200);
    expect(presign.body.data).toMatchObject({
      slug: 'cv-from-url',
      contentType: 'application/pdf',
    });
    const bytes = await download(url);
    await putTo(server, presign.body.data.upload_url, presign.body.data.headers, bytes);
    const commit = await admin.post<FileShare>('/api/url/commit', {
      file_id: presign.body.data.file_id,
    });
    expect(commit.body.data).toMatchObject({ filename: 'Résumé 简历.pdf', size: bytes.length });
    expect((await downloadShare(server, 'cv-from-url')).equals(bytes)).toBe(true);
  });

  it('needs the size when the remote server does not announce it', async () => {
    const url = `${origin.url}/chunked/photo.bin`;
    const without = await admin.post('/api/url/presign', { url });
    expect(without.status).toBe(400);
    expect(without.body.error).toBe('VALIDATION_FAILED');
    const withSize = await admin.post<PresignResult>('/api/url/presign', {
      url,
      size: origin.photo.length,
    });
    expect(withSize.status).toBe(200);
    await admin.post('/api/url/cancel', { file_id: withSize.body.data.file_id });
  });

  it('refuses a private URL it has to ask, and a size over the limit', async () => {
    const strict = await startTestServer();
    try {
      const strictAdmin = await strict.admin();
      const res = await strictAdmin.post('/api/url/presign', {
        url: `${origin.url}/files/photo.bin`,
      });
      expect(res.body.error).toBe('URL_NOT_ALLOWED');
    } finally {
      await strict.close();
    }
    const big = await admin.post('/api/url/presign', {
      url: `${origin.url}/files/photo.bin`,
      metadata: { filename: 'big.bin', size: 101 * 1024 * 1024 },
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('FILE_TOO_LARGE');
  });

  it('url/cancel removes the pending record and the object already PUT', async () => {
    const { presign } = await presignAndPut(keys.fileKey, `${origin.url}/files/photo.bin`);
    const { driver } = await getStorage(
      server.deps,
      (await adminFileRow(presign.file_id)).s3_config_id,
    );
    expect(await driver.stat(presign.storage_path)).not.toBeNull();

    const cancelled = await keys.fileKey.post('/api/url/cancel', { file_id: presign.file_id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toEqual({ cancelled: true });
    expect((await adminFile(admin, presign.file_id)).status).toBe(404);
    expect(await driver.stat(presign.storage_path)).toBeNull();

    const again = await keys.fileKey.post('/api/url/cancel', { file_id: presign.file_id });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, error: 'UPLOAD_NOT_FOUND' });
    expect(again.body.message).toMatch(/\S/);
    const commit = await keys.fileKey.post('/api/url/commit', { file_id: presign.file_id });
    expect(commit.body.error).toBe('UPLOAD_NOT_FOUND');
  });

  it("never cancels a finished share or another caller's upload", async () => {
    const { presign } = await presignAndPut(admin, `${origin.url}/files/photo.bin`);
    const notMine = await keys.fileKey.post('/api/url/cancel', { file_id: presign.file_id });
    expect(notMine.status).toBe(404);
    await admin.post('/api/url/commit', { file_id: presign.file_id });
    const finished = await admin.post('/api/url/cancel', { file_id: presign.file_id });
    expect(finished.status).toBe(404);
    expect((await adminFile(admin, presign.file_id)).body.data.status).toBe('ready');
  });

  it('needs an admin or a key with file permission', async () => {
    const body = { url: `${origin.url}/files/photo.bin` };
    expect((await server.anon.post('/api/url/presign', body)).status).toBe(401);
    expect((await server.anon.post('/api/url/cancel', { file_id: 'x' })).status).toBe(401);
    const textOnly = await keys.textOnlyKey.post('/api/url/presign', body);
    expect(textOnly.status).toBe(403);
    expect((await keys.textOnlyKey.post('/api/url/commit', { file_id: 'x' })).status).toBe(403);
  });

  async function adminFileRow(id: string) {
    const row = await server.deps.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) {
      throw new Error(`no files row ${id}`);
    }
    return row;
  }
});
