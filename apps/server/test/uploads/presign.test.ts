import type { FileShare } from '@pastebox/contract/schemas/file';
import type { PresignResult } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  absolute,
  createFileKey,
  filesOn,
  objectExists,
  putTo,
  setMaxUploadMb,
  testBytes,
  uniqueSlug,
} from './builders';
import { forEachTarget, serverOnTarget } from './targets';

forEachTarget('presigned upload: presign → PUT → commit', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  async function presign(client: ApiClient, body: Record<string, unknown>) {
    return client.post<PresignResult>('/api/s3/presign', {
      s3_config_id: configId,
      filename: 'notes.txt',
      mimetype: 'text/plain',
      ...body,
    });
  }

  it('creates a pending record, takes the PUT, and commit makes a ready share', async () => {
    const content = testBytes(200_000, 7);
    const slug = uniqueSlug();
    const res = await presign(admin, { size: content.length, slug, path: '/in' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const presigned = res.body.data;
    expect(presigned).toMatchObject({ slug, provider_type: target.providerType });
    expect(presigned.contentType).toBe('text/plain');
    expect(presigned.storage_path.startsWith('.pastebox-shares/in/notes_')).toBe(true);
    const pending = await admin.get<FileShare>(`/api/admin/files/${presigned.file_id}`);
    expect(pending.body.data.status).toBe('pending');
    expect((await server.anon.get(`/api/public/files/${slug}`)).status).toBe(404);

    const put = await putTo(
      server,
      { url: presigned.upload_url, headers: presigned.headers },
      content,
    );
    expect(put.status).toBe(200);
    const commit = await admin.post<FileShare>('/api/s3/commit', {
      ...presigned,
      size: content.length,
      remark: 'committed',
      password: 'pw-commit',
      expires_in: 1,
      max_views: 2,
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.data).toMatchObject({
      status: 'ready',
      size: content.length,
      remark: 'committed',
      has_password: true,
      max_views: 2,
    });
    expect(commit.body.data.etag).toMatch(/^[0-9a-f-]{16,}$/);
    const download = await fetch(absolute(server, commit.body.data.downloadUrl ?? ''));
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    const again = await admin.post('/api/s3/commit', { file_id: presigned.file_id, size: 1 });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('UPLOAD_NOT_FOUND');
  });

  it('a commit whose object is missing or has another size leaves nothing behind', async () => {
    const short = await presign(admin, { size: 1000, path: '/short' });
    // Local storage takes the short body (its URL caps the size only); S3 refuses it at the
    // PUT, as the presigned request signs the Content-Length. Either way the commit fails.
    await putTo(
      server,
      { url: short.body.data.upload_url, headers: short.body.data.headers },
      'x'.repeat(600),
    );
    const failed = await admin.post('/api/s3/commit', { ...short.body.data, size: 1000 });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toBe('UPLOAD_INCOMPLETE');
    expect(await objectExists(server, configId, short.body.data.storage_path)).toBe(false);
    expect((await admin.get(`/api/admin/files/${short.body.data.file_id}`)).status).toBe(404);

    const lying = await presign(admin, { size: 5, path: '/lying' });
    await putTo(
      server,
      { url: lying.body.data.upload_url, headers: lying.body.data.headers },
      'hello',
    );
    const wrong = await admin.post('/api/s3/commit', { ...lying.body.data, size: 6 });
    expect(wrong.body.error).toBe('UPLOAD_INCOMPLETE');
    expect(await objectExists(server, configId, lying.body.data.storage_path)).toBe(false);

    const never = await presign(admin, { size: 10, path: '/never' });
    const missing = await admin.post('/api/s3/commit', { ...never.body.data, size: 10 });
    expect(missing.body.error).toBe('UPLOAD_INCOMPLETE');
    expect((await admin.get(`/api/admin/files/${never.body.data.file_id}`)).status).toBe(404);
  });

  it('checks size, slug and path at presign, before any record exists', async () => {
    const before = (await filesOn(server, configId)).length;
    await setMaxUploadMb(server, 1);
    try {
      const big = await presign(admin, { size: 2 * 1024 * 1024 });
      expect(big.status).toBe(413);
      expect(big.body.error).toBe('FILE_TOO_LARGE');
    } finally {
      await setMaxUploadMb(server, 100);
    }
    const taken = uniqueSlug();
    await presign(admin, { size: 1, slug: taken });
    const dup = await presign(admin, { size: 1, slug: taken });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('SLUG_TAKEN');
    expect((await presign(admin, { size: 1, slug: 'admin' })).body.error).toBe('SLUG_RESERVED');
    const key = await createFileKey(server, { basicPath: '/team' });
    expect((await presign(key.client, { size: 1, path: '/elsewhere' })).body.error).toBe(
      'PATH_FORBIDDEN',
    );
    expect(await filesOn(server, configId)).toHaveLength(before + 1);
  });

  it('only the uploader (or the admin) can commit an upload', async () => {
    const owner = await createFileKey(server);
    const other = await createFileKey(server);
    const res = await presign(owner.client, { size: 4 });
    await putTo(server, { url: res.body.data.upload_url, headers: res.body.data.headers }, 'abcd');
    const stolen = await other.client.post('/api/s3/commit', { ...res.body.data, size: 4 });
    expect(stolen.status).toBe(404);
    const mine = await owner.client.post<FileShare>('/api/s3/commit', {
      ...res.body.data,
      size: 4,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.created_by).toBe(owner.creator);
  });

  it('commits sent together (a client retrying) make one ready share and discard nothing', async () => {
    const content = testBytes(50_000, 11);
    const presigned = (await presign(admin, { size: content.length })).body.data;
    const put = await putTo(
      server,
      { url: presigned.upload_url, headers: presigned.headers },
      content,
    );
    expect(put.status).toBe(200);
    const commits = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.post<FileShare>('/api/s3/commit', {
          file_id: presigned.file_id,
          size: content.length,
        }),
      ),
    );
    const statuses = commits.map((commit) => commit.status);
    expect(statuses.filter((status) => status === 200).length, statuses.join()).toBeGreaterThan(0);
    expect(
      statuses.every((status) => status === 200 || status === 404),
      statuses.join(),
    ).toBe(true);
    // The losers found the row ready: they left it and its object alone.
    const share = await admin.get<FileShare>(`/api/admin/files/${presigned.file_id}`);
    expect(share.body.data.status).toBe('ready');
    const download = await fetch(absolute(server, share.body.data.downloadUrl ?? ''));
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
  });
});
