import type { FileShare } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import { LocalDriver } from '@/storage/local';
import { getStorage } from '@/modules/storage-configs/service';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  createFileKey,
  filesOn,
  objectExists,
  postForm,
  setMaxUploadMb,
  testBytes,
  uniqueSlug,
  uploadShare,
  endlessForm,
  tempFilesUnder,
  type EndlessFile,
} from './builders';
import { forEachTarget, serverOnTarget } from './targets';

const MIB = 1024 * 1024;

/** 3 MiB (or `bytes`) of a big file, 64 KiB at a time, sent in a form that never ends. */
function bigFile(bytes: number): EndlessFile {
  return {
    name: 'big.bin',
    type: 'application/octet-stream',
    chunk: new Uint8Array(64 * 1024).fill(1),
    bytes,
  };
}

forEachTarget('POST /api/upload', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  it('streams a file into storage and answers 201 with the share', async () => {
    const content = testBytes(300_000);
    const share = await uploadShare(admin, {
      content,
      filename: '报告 final (1).pdf',
      type: 'application/pdf',
      fields: { s3_config_id: configId, path: '/docs', remark: 'quarterly', max_views: 5 },
    });
    expect(share).toMatchObject({
      filename: '报告 final (1).pdf',
      mimetype: 'application/pdf',
      size: 300_000,
      remark: 'quarterly',
      max_views: 5,
      views: 0,
      status: 'ready',
      path: '/docs',
      s3_config_id: configId,
      has_password: false,
      expires_at: null,
      provider_type: target.providerType,
    });
    expect(share.storage_path).toMatch(
      /^\.pastebox-shares\/docs\/报告 final \(1\)_[0-9a-f]{8}\.pdf$/,
    );
    expect(await objectExists(server, configId, share.storage_path)).toBe(true);
    const download = await fetch(share.downloadUrl ?? '');
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
  });

  it('applies slug, password, expiry and accepts options after the file part', async () => {
    const slug = uniqueSlug();
    const form = new FormData();
    form.set('s3_config_id', configId);
    form.set('file', new Blob(['late options']), 'late.txt');
    form.set('slug', slug);
    form.set('password', 'pw-1');
    form.set('expires_in', '24');
    const res = await admin.raw('/api/upload', { method: 'POST', body: form });
    const body = (await res.json()) as { data: FileShare };
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ slug, has_password: true });
    const expected = server.clock.now().getTime() + 24 * 60 * 60 * 1000;
    expect(Date.parse(body.data.expires_at ?? '')).toBe(expected);
  });

  it('refuses s3_config_id or path after the file part, leaving nothing', async () => {
    const form = new FormData();
    form.set('file', new Blob(['misplaced']), 'misplaced.txt');
    form.set('path', '/late');
    const before = (await filesOn(server, configId)).length;
    const res = await admin.raw('/api/upload', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('VALIDATION_FAILED');
    expect(await filesOn(server, configId)).toHaveLength(before);
  });

  it('a taken slug answers 409 SLUG_TAKEN and stores nothing', async () => {
    const slug = uniqueSlug();
    await uploadShare(admin, { fields: { s3_config_id: configId, slug } });
    const before = (await filesOn(server, configId)).length;
    const res = await postForm(admin, { fields: { s3_config_id: configId, slug, path: '/dup' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('SLUG_TAKEN');
    expect(await filesOn(server, configId)).toHaveLength(before);
    const { driver } = await getStorage(server.deps, configId);
    expect((await driver.list('dup/')).objects).toEqual([]);
  });

  it('stops an over-size upload at the limit while streaming: 413, no record, no object', async () => {
    await setMaxUploadMb(server, 1);
    try {
      const boundary = 'pastebox-test-boundary';
      const before = (await filesOn(server, configId)).length;
      const body = endlessForm(
        boundary,
        { s3_config_id: configId, path: '/big' },
        bigFile(3 * MIB),
      );
      const res = await admin.raw('/api/upload', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: string }).error).toBe('FILE_TOO_LARGE');
      await body.cancel().catch(() => undefined);
      expect(await filesOn(server, configId)).toHaveLength(before);
      const { driver } = await getStorage(server.deps, configId);
      expect((await driver.list('big/')).objects).toEqual([]);
      // A complete upload of 3 MiB is refused the same way.
      const whole = await postForm(admin, {
        content: testBytes(3 * MIB),
        fields: { s3_config_id: configId, path: '/big' },
      });
      expect(whole.status).toBe(413);
      expect((await driver.list('big/')).objects).toEqual([]);
    } finally {
      await setMaxUploadMb(server, 100);
    }
  });

  it('a client that disconnects mid-upload leaves no record, object or temp file', async () => {
    const boundary = 'pastebox-abort-boundary';
    const before = (await filesOn(server, configId)).length;
    const aborter = new AbortController();
    const body = endlessForm(boundary, { s3_config_id: configId, path: '/gone' }, bigFile(MIB));
    const sent = admin.raw('/api/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
      signal: aborter.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    aborter.abort();
    await expect(sent).rejects.toThrow();
    const storage = await getStorage(server.deps, configId);
    await expect
      .poll(async () => ({
        rows: (await filesOn(server, configId)).length,
        objects: (await storage.driver.list('gone/')).objects.length,
        temp: storage.driver instanceof LocalDriver ? tempFilesUnder(storage.driver.root) : 0,
      }))
      .toEqual({ rows: before, objects: 0, temp: 0 });
  });

  it('a key uploads inside its basic_path only, as its own creator', async () => {
    const key = await createFileKey(server, { basicPath: '/team' });
    const share = await uploadShare(key.client, { fields: { s3_config_id: configId } });
    expect(share).toMatchObject({ path: '/team', created_by: key.creator });
    const nested = await uploadShare(key.client, {
      fields: { s3_config_id: configId, path: '/team/a' },
    });
    expect(nested.storage_path.startsWith('.pastebox-shares/team/a/')).toBe(true);
    const outside = await postForm(key.client, {
      fields: { s3_config_id: configId, path: '/other' },
    });
    expect(outside.status).toBe(403);
    expect(outside.body.error).toBe('PATH_FORBIDDEN');
    const climbing = await postForm(key.client, { fields: { path: '/team/../other' } });
    expect(climbing.status).toBe(400);
    const noFile = await createFileKey(server, { file: false });
    const refused = await postForm(noFile.client, { fields: { s3_config_id: configId } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('FILE_PERMISSION_REQUIRED');
    expect((await postForm(server.anon)).status).toBe(401);
  });
});
