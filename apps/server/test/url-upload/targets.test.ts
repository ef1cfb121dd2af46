import type { FileShare } from '@pastebox/contract/schemas/file';
import type { PresignResult } from '@pastebox/contract/schemas/upload';
import type { UrlMultipartSession } from '@pastebox/contract/schemas/url-upload';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { driverOf, storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import type { TestServer } from '../support/test-server';
import { download, downloadShare, putTo } from './flow';
import type { TestOrigin } from './origin';
import { urlUploadServer } from './support';

/** The whole URL upload, presigned and multipart, on local storage and on Swift (S3). */
describe.each(storageTargets())('URL upload to $name storage', (target) => {
  let server: TestServer;
  let origin: TestOrigin;
  let admin: ApiClient;
  let configId: string;
  urlUploadServer((opened) => ({ server, origin, admin } = opened));
  beforeAll(async () => {
    configId = (await target.createConfig(admin)).id;
  }, SWIFT_HOOK_TIMEOUT_MS);

  async function presignAndPut(url: string) {
    const bytes = await download(url);
    const presign = await admin.post<PresignResult>('/api/url/presign', {
      url,
      s3_config_id: configId,
      metadata: { size: bytes.length },
    });
    expect(presign.status).toBe(200);
    const { upload_url, headers } = presign.body.data;
    expect((await putTo(server, upload_url, headers, bytes)).status).toBeLessThan(300);
    return { bytes, presign: presign.body.data };
  }

  it('url/presign → PUT → url/commit makes a share with the remote bytes', async () => {
    const { presign } = await presignAndPut(`${origin.url}/files/photo.bin`);
    expect(presign.provider_type).toBe(target.name === 'local' ? 'local' : 'other');
    const commit = await admin.post<FileShare>('/api/url/commit', { file_id: presign.file_id });
    expect(commit.status).toBe(200);
    expect(commit.body.data).toMatchObject({ filename: 'photo.bin', size: origin.photo.length });
    expect((await downloadShare(server, commit.body.data.slug)).equals(origin.photo)).toBe(true);
  });

  it('url/multipart: init → PUT parts → complete makes a share with the remote bytes', async () => {
    const url = `${origin.url}/files/video.bin`;
    const bytes = await download(url);
    const init = await admin.post<UrlMultipartSession>('/api/url/multipart/init', {
      url,
      s3_config_id: configId,
      metadata: { size: bytes.length },
    });
    expect(init.status).toBe(200);
    const session = init.body.data;
    const parts = [];
    for (const part of session.urls) {
      const start = (part.part_number - 1) * session.part_size;
      const body = bytes.subarray(start, start + session.part_size);
      const res = await putTo(server, part.url, part.headers, body);
      expect(res.status).toBeLessThan(300);
      parts.push({
        partNumber: part.part_number,
        etag: (res.headers.get('etag') ?? '').replace(/"/g, ''),
      });
    }
    const complete = await admin.post<FileShare>('/api/url/multipart/complete', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      parts,
    });
    expect(complete.status).toBe(200);
    expect((await downloadShare(server, complete.body.data.slug)).equals(origin.video)).toBe(true);
  });

  it('url/cancel deletes the pending record and the object already stored', async () => {
    const { presign } = await presignAndPut(`${origin.url}/files/photo.bin`);
    const driver = await driverOf(server, configId);
    expect(await driver.stat(presign.storage_path)).not.toBeNull();
    const cancelled = await admin.post('/api/url/cancel', { file_id: presign.file_id });
    expect(cancelled.body.data).toEqual({ cancelled: true });
    expect(await driver.stat(presign.storage_path)).toBeNull();
    expect((await admin.get(`/api/admin/files/${presign.file_id}`)).status).toBe(404);
  });
});
