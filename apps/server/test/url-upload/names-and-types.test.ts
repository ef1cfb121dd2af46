import type { FileShare } from '@pastebox/contract/schemas/file';
import type { PresignResult } from '@pastebox/contract/schemas/upload';
import type { UrlInfo, UrlMultipartSession } from '@pastebox/contract/schemas/url-upload';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { download, putTo } from './flow';
import type { TestOrigin } from './origin';
import { proxy, urlUploadServer } from './support';

/**
 * DESIGN §5 for URL upload: a remote name is cleaned like any other (bidi and control
 * characters stripped, 255 bytes), and the proxy never relays a remote script as one.
 */
describe('URL upload: remote names and types (ALLOW_PRIVATE_URLS=true, a local origin)', () => {
  let server: TestServer;
  let origin: TestOrigin;
  let admin: ApiClient;
  urlUploadServer((opened) => ({ server, origin, admin } = opened));

  const named = (name: string, type?: string) =>
    `${origin.url}/named?name=${encodeURIComponent(name)}${type ? `&type=${encodeURIComponent(type)}` : ''}`;

  const hostile = `bell\u0007esc\u001b\u202Efdp.exe`;
  const long = `${'é'.repeat(148)}.pdf`;

  it('url/info answers the cleaned remote name', async () => {
    const info = await admin.post<UrlInfo>('/api/url/info', { url: named(hostile) });
    expect(info.status).toBe(200);
    expect(info.body.data.filename).toBe('bellescfdp.exe');
    const longInfo = await admin.post<UrlInfo>('/api/url/info', { url: named(long) });
    expect(longInfo.body.data.filename).toBe(`${'é'.repeat(125)}.pdf`);
  });

  it('url/presign stores the cleaned remote name, and the download is named with it', async () => {
    const url = named(hostile);
    const presign = await admin.post<PresignResult>('/api/url/presign', { url });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const bytes = await download(url);
    const { upload_url, headers, file_id } = presign.body.data;
    expect((await putTo(server, upload_url, headers, bytes)).status).toBe(200);
    const commit = await admin.post<FileShare>('/api/url/commit', { file_id });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.data.filename).toBe('bellescfdp.exe');
    const res = await fetch(commit.body.data.downloadUrl ?? '');
    await res.arrayBuffer();
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''bellescfdp.exe");
  });

  it('url/multipart/init cleans a name given in the body', async () => {
    const init = await admin.post<UrlMultipartSession>('/api/url/multipart/init', {
      url: named('plain.bin'),
      filename: `given\u202E\u0085${'x'.repeat(200)}.txt`,
      size: 17,
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const row = await server.deps.db
      .selectFrom('files')
      .select('filename')
      .where('id', '=', init.body.data.file_id)
      .executeTakeFirstOrThrow();
    expect(row.filename).toBe(`given${'x'.repeat(200)}.txt`);
    await admin.post('/api/url/cancel', { file_id: init.body.data.file_id });
  });

  it('the proxy relays a remote script as octet-stream, with a cleaned name', async () => {
    for (const type of ['text/javascript', 'application/javascript', 'application/wasm']) {
      const res = await proxy(admin, named(hostile, type));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type'), type).toBe('application/octet-stream');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''bellescfdp.exe");
      expect(await res.text()).toBe('named remote file');
    }
    const image = await proxy(admin, named('pic.png', 'image/png'));
    expect(image.headers.get('content-type')).toBe('image/png');
    await image.arrayBuffer();
  });
});
