import type { FileShare } from '@pastebox/contract/schemas/file';
import type { MultipartSession, PresignResult } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { absolute, openShare, putTo, testBytes, uniqueSlug } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import {
  leftInFolder,
  rowsInFolder,
  sealedFile,
  sendAllParts,
  storedBytes,
  type SealedFile,
} from './encrypted-builders';

const MIB = 1024 * 1024;

/**
 * Encrypted file shares sent by multipart and presigned uploads (issue 35): the server never
 * streams these bytes itself, so the sealed blob's header is read back from the stored
 * object at complete and at commit; plaintext is refused there and leaves nothing. Form
 * uploads: encrypted-files.test.ts.
 */
forEachTarget('encrypted file shares by multipart and presign', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  /** A fresh share folder per test, so what a refusal left can be listed. */
  const folder = () => uniqueSlug('enc');

  async function initMultipart(name: string, file: SealedFile, extra: object = {}) {
    return admin.post<MultipartSession>('/api/upload/multipart/init', {
      s3_config_id: configId,
      path: `/${name}`,
      filename: 'encrypted.bin',
      mimetype: 'application/pdf',
      size: file.blob.length,
      encrypted: true,
      encrypted_meta: file.meta,
      ...extra,
    });
  }

  function complete(session: MultipartSession, parts: object[]) {
    return admin.post<FileShare>('/api/upload/multipart/complete', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      parts,
    });
  }

  it('completes a multipart upload of a sealed blob, flagged and byte for byte', async () => {
    const file = await sealedFile(6 * MIB);
    const name = folder();
    const init = await initMultipart(name, file);
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(init.body.data.part_count).toBe(2);
    const done = await complete(
      init.body.data,
      await sendAllParts(server, admin, init.body.data, file.blob),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'ready',
      encrypted: true,
      encrypted_meta: file.meta,
      mimetype: 'application/octet-stream',
    });
    const stored = await storedBytes(server, configId, done.body.data.storage_path);
    expect(stored.equals(file.blob)).toBe(true);
  });

  it('refuses a multipart upload of plaintext at complete, and leaves nothing', async () => {
    const file = await sealedFile(1000);
    const plaintext = testBytes(file.blob.length, 9);
    const name = folder();
    const init = await initMultipart(name, file);
    expect(init.status).toBe(200);
    const done = await complete(
      init.body.data,
      await sendAllParts(server, admin, init.body.data, plaintext),
    );
    expect(done.status).toBe(400);
    expect(done.body.error).toBe('VALIDATION_FAILED');
    expect(await rowsInFolder(server, name)).toEqual([]);
    expect(await leftInFolder(server, configId, name)).toEqual({ objects: [], temp: 0 });
    const session = await admin.get(`/api/upload/multipart/${init.body.data.file_id}/parts`);
    expect(session.status).toBe(404);
  });

  it('checks the flag and the metadata at multipart init and presign', async () => {
    const file = await sealedFile(1000);
    const bodies = [
      { encrypted: true, encrypted_meta: undefined },
      { encrypted: true, encrypted_meta: 'not a blob' },
      { encrypted: false, encrypted_meta: file.meta },
      { encrypted: undefined, encrypted_meta: file.meta },
      { encrypted_meta: 'x'.repeat(4097) },
    ];
    for (const extra of bodies) {
      const name = folder();
      const init = await initMultipart(name, file, extra);
      expect(init.status, JSON.stringify(extra)).toBe(400);
      expect(init.body.error).toBe('VALIDATION_FAILED');
      const presigned = await admin.post('/api/s3/presign', {
        s3_config_id: configId,
        path: `/${name}`,
        filename: 'encrypted.bin',
        size: file.blob.length,
        ...extra,
      });
      expect(presigned.status, JSON.stringify(extra)).toBe(400);
      expect(await rowsInFolder(server, name)).toEqual([]);
    }
  });

  async function presign(name: string, file: SealedFile) {
    const res = await admin.post<PresignResult>('/api/s3/presign', {
      s3_config_id: configId,
      path: `/${name}`,
      filename: 'encrypted.bin',
      mimetype: 'text/html',
      size: file.blob.length,
      encrypted: true,
      encrypted_meta: file.meta,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The PUT is signed for opaque bytes, whatever type was asked.
    expect(res.body.data.contentType).toBe('application/octet-stream');
    return res.body.data;
  }

  it('commits a presigned PUT of a sealed blob; the commit cannot change its type', async () => {
    const file = await sealedFile(100_000);
    const presigned = await presign(folder(), file);
    const put = await putTo(
      server,
      { url: presigned.upload_url, headers: presigned.headers },
      file.blob,
    );
    expect(put.status).toBe(200);
    const commit = await admin.post<FileShare>('/api/s3/commit', {
      file_id: presigned.file_id,
      size: file.blob.length,
      mimetype: 'text/html',
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.data).toMatchObject({
      encrypted: true,
      encrypted_meta: file.meta,
      mimetype: 'application/octet-stream',
    });
    const opened = await openShare(server, commit.body.data.slug);
    expect(opened.body.data).toMatchObject({ encrypted: true });
    const download = await fetch(absolute(server, opened.body.data.downloadUrl ?? ''));
    expect(Buffer.from(await download.arrayBuffer()).equals(file.blob)).toBe(true);
  });

  it('refuses the commit of a presigned PUT of plaintext, and leaves nothing', async () => {
    const file = await sealedFile(100_000);
    const name = folder();
    const presigned = await presign(name, file);
    const plaintext = testBytes(file.blob.length, 4);
    const put = await putTo(
      server,
      { url: presigned.upload_url, headers: presigned.headers },
      plaintext,
    );
    expect(put.status).toBe(200);
    const commit = await admin.post('/api/s3/commit', { ...presigned, size: plaintext.length });
    expect(commit.status).toBe(400);
    expect(commit.body.error).toBe('VALIDATION_FAILED');
    expect(commit.body.details).toEqual([expect.objectContaining({ path: 'file' })]);
    expect(await rowsInFolder(server, name)).toEqual([]);
    expect(await leftInFolder(server, configId, name)).toEqual({ objects: [], temp: 0 });
  });
});
