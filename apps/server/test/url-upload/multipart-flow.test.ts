import type { FileShare } from '@pastebox/contract/schemas/file';
import type { UrlInfo, UrlMultipartSession } from '@pastebox/contract/schemas/url-upload';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { adminFile, download, downloadShare, putTo } from './flow';
import type { TestOrigin } from './origin';
import { type KeyClients, urlUploadServer } from './support';

describe('URL upload, multipart: url/multipart/init → PUT parts → complete, abort, cancel', () => {
  let server: TestServer;
  let origin: TestOrigin;
  let admin: ApiClient;
  let keys: KeyClients;
  urlUploadServer((opened) => ({ server, origin, admin, keys } = opened));

  /** Analyse and download as the browser does, then init the multipart upload. */
  async function init(client: ApiClient, extra: Record<string, unknown> = {}) {
    const url = `${origin.url}/files/video.bin`;
    const info = await client.post<UrlInfo>('/api/url/info', { url });
    const bytes = await download(url);
    const res = await client.post<UrlMultipartSession>('/api/url/multipart/init', {
      url,
      metadata: { ...info.body.data, size: bytes.length },
      ...extra,
    });
    expect(res.status).toBe(200);
    return { bytes, session: res.body.data };
  }

  /** PUTs part `number` and answers its ETag (quotes stripped, SPEC §3). */
  async function putPart(session: UrlMultipartSession, bytes: Buffer, number: number) {
    const target = session.urls.find((url) => url.part_number === number);
    if (!target) {
      throw new Error(`no URL for part ${number}`);
    }
    const start = (number - 1) * session.part_size;
    const part = bytes.subarray(start, start + session.part_size);
    const res = await putTo(server, target.url, target.headers, part);
    expect(res.status).toBeLessThan(300);
    return (res.headers.get('etag') ?? '').replace(/"/g, '');
  }

  it('stores a multipart upload whose download equals the remote bytes', async () => {
    const { bytes, session } = await init(keys.fileKey, { remark: 'video', max_views: 2 });
    expect(session.part_count).toBe(3);
    expect(session.urls.map((url) => url.part_number)).toEqual([1, 2, 3]);
    const parts = [];
    for (const number of [1, 2, 3]) {
      parts.push({ partNumber: number, etag: await putPart(session, bytes, number) });
    }
    const complete = await keys.fileKey.post<FileShare>('/api/url/multipart/complete', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      parts,
    });
    expect(complete.status).toBe(200);
    expect(complete.body.data).toMatchObject({
      filename: 'video.bin',
      mimetype: 'video/mp4',
      size: origin.video.length,
      remark: 'video',
      max_views: 2,
      status: 'ready',
    });
    expect((await downloadShare(server, complete.body.data.slug)).equals(origin.video)).toBe(true);
  });

  it('url/multipart/abort drops the upload; a second abort answers success false', async () => {
    const { bytes, session } = await init(admin);
    await putPart(session, bytes, 1);
    const abort = { file_id: session.file_id, upload_id: session.upload_id };
    const aborted = await admin.post('/api/url/multipart/abort', abort);
    expect(aborted.status).toBe(200);
    expect(aborted.body.data).toEqual({ aborted: true });
    expect((await adminFile(admin, session.file_id)).status).toBe(404);

    const again = await admin.post('/api/url/multipart/abort', abort);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, error: 'UPLOAD_NOT_FOUND' });
    const complete = await admin.post('/api/url/multipart/complete', {
      ...abort,
      parts: [{ partNumber: 1, etag: 'x' }],
    });
    expect(complete.body.error).toBe('UPLOAD_NOT_FOUND');
  });

  it('url/cancel aborts a multipart upload in flight', async () => {
    const { bytes, session } = await init(keys.fileKey);
    await putPart(session, bytes, 2);
    const cancelled = await keys.fileKey.post('/api/url/cancel', { file_id: session.file_id });
    expect(cancelled.body.data).toEqual({ cancelled: true });
    expect((await adminFile(admin, session.file_id)).status).toBe(404);
  });

  it('a key cannot abort or complete an upload that is not its own', async () => {
    const { session } = await init(admin);
    const abort = { file_id: session.file_id, upload_id: session.upload_id };
    expect((await keys.fileKey.post('/api/url/multipart/abort', abort)).status).toBe(404);
    expect((await keys.textOnlyKey.post('/api/url/multipart/abort', abort)).status).toBe(403);
    expect((await server.anon.post('/api/url/multipart/init', { url: origin.url })).status).toBe(
      401,
    );
    expect((await adminFile(admin, session.file_id)).body.data.status).toBe('pending');
    await admin.post('/api/url/multipart/abort', abort);
  });
});
