import { openBytes } from '@pastebox/contract/e2e/blob';
import type { FileList, FileShare } from '@pastebox/contract/schemas/file';
import type { MultipartSession, PresignResult } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  absolute,
  endlessForm,
  openShare,
  postForm,
  putTo,
  storedViews,
  testBytes,
  uniqueSlug,
} from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import {
  ENDLESS_PLAINTEXT,
  leftInFolder,
  postSealed,
  rowsInFolder,
  sealedFile,
  sendAllParts,
  storedBytes,
  type SealedFile,
} from './encrypted-builders';

const MIB = 1024 * 1024;

/**
 * End-to-end encrypted file shares on the server (issue 35, docs/encryption.md): the
 * browser seals the file and its name; the server stores the blob as it came, flags it,
 * never serves it as anything but opaque bytes, and refuses — leaving no row and no
 * object — bytes sent under the flag that do not begin with a sealed blob's header.
 */
forEachTarget('encrypted file shares', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  /** A fresh share folder per test, so what a refusal left can be listed. */
  const folder = () => uniqueSlug('enc');

  function sendSealed(file: SealedFile, fields: Record<string, string> = {}, content?: Buffer) {
    return postSealed(admin, configId, file, fields, content);
  }

  async function expectNothingLeft(name: string) {
    expect(await rowsInFolder(server, name)).toEqual([]);
    expect(await leftInFolder(server, configId, name)).toEqual({ objects: [], temp: 0 });
  }

  it('stores a sealed blob byte for byte and answers it flagged, as opaque bytes', async () => {
    const file = await sealedFile(200_000);
    const res = await sendSealed(file, { path: `/${folder()}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const share = res.body.data;
    expect(share).toMatchObject({
      encrypted: true,
      encrypted_meta: file.meta,
      mimetype: 'application/octet-stream',
      size: file.blob.length,
    });
    expect((await storedBytes(server, configId, share.storage_path)).equals(file.blob)).toBe(true);

    const detail = await admin.get<FileShare>(`/api/admin/files/${share.id}`);
    expect(detail.body.data).toMatchObject({ encrypted: true, encrypted_meta: file.meta });
    const list = await admin.get<FileList>(`/api/admin/files?search=${share.slug}`);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ id: share.id, encrypted: true, encrypted_meta: file.meta }),
    ]);

    const opened = await openShare(server, share.slug);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      encrypted: true,
      encrypted_meta: file.meta,
      mimetype: 'application/octet-stream',
    });
    expect(await storedViews(server, share.id)).toBe(1);

    const download = await fetch(absolute(server, opened.body.data.downloadUrl ?? ''));
    expect(download.status).toBe(200);
    const ciphertext = Buffer.from(await download.arrayBuffer());
    expect(ciphertext.equals(file.blob)).toBe(true);
    expect(Buffer.from(await openBytes(ciphertext, file.key)).equals(file.plain)).toBe(true);

    // The preview link never offers the blob as something a browser renders.
    const view = await fetch(absolute(server, opened.body.data.previewUrl ?? ''));
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('application/octet-stream');
    expect(view.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await view.arrayBuffer()).equals(file.blob)).toBe(true);
    expect(await storedViews(server, share.id)).toBe(1);
  });

  it('answers plain files exactly as before: no encryption fields', async () => {
    const res = await postForm(admin, { fields: { s3_config_id: configId } });
    expect(res.status).toBe(201);
    expect(res.body.data).not.toHaveProperty('encrypted');
    expect(res.body.data).not.toHaveProperty('encrypted_meta');
    const opened = await openShare(server, res.body.data.slug);
    expect(opened.body.data).not.toHaveProperty('encrypted');
    expect(opened.body.data).not.toHaveProperty('encrypted_meta');
  });

  it('refuses plaintext sent as encrypted, mid-stream, and leaves no row and no object', async () => {
    const file = await sealedFile(1000);
    const cases = {
      plaintext: testBytes(3 * MIB, 5),
      text: Buffer.from('the launch code is 0000, tell no one'),
      // A valid header alone holds no segment, so no tag: not a blob either.
      headerOnly: file.blob.subarray(0, 37),
      empty: Buffer.alloc(0),
    };
    for (const [label, content] of Object.entries(cases)) {
      const name = folder();
      const res = await sendSealed(file, { path: `/${name}` }, content);
      expect(res.status, label).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect(res.body.details).toEqual([expect.objectContaining({ path: 'file' })]);
      await expectNothingLeft(name);
    }
  });

  it('refuses plaintext as it streams, before the body ends', async () => {
    const file = await sealedFile(1000);
    const name = folder();
    const boundary = 'pastebox-sealed-boundary';
    const body = endlessForm(
      boundary,
      { s3_config_id: configId, path: `/${name}`, encrypted: 'true', encrypted_meta: file.meta },
      ENDLESS_PLAINTEXT,
    );
    const res = await admin.raw('/api/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(400);
    await body.cancel().catch(() => undefined);
    await expectNothingLeft(name);
  });

  it('requires sealed metadata with the flag, and refuses it without', async () => {
    const file = await sealedFile(1000);
    const refusals: [Record<string, string>, string][] = [
      [{ encrypted_meta: 'secret plans.pdf' }, 'encrypted_meta'],
      [
        { encrypted_meta: Buffer.from('{"name":"plans.pdf"}').toString('base64url') },
        'encrypted_meta',
      ],
      // Empty is absent: the flag without metadata, then metadata without the flag.
      [{ encrypted_meta: '' }, 'encrypted_meta'],
      [{ encrypted: '' }, 'encrypted_meta'],
      [{ encrypted: 'false' }, 'encrypted_meta'],
      [{ encrypted: 'maybe' }, 'encrypted'],
    ];
    for (const [fields, path] of refusals) {
      const name = folder();
      const res = await sendSealed(file, { path: `/${name}`, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect(res.body.details).toEqual([expect.objectContaining({ path })]);
      await expectNothingLeft(name);
    }
  });

  it('refuses the encryption fields after the file: the stream was not checked', async () => {
    const file = await sealedFile(1000);
    const name = folder();
    const form = new FormData();
    form.set('s3_config_id', configId);
    form.set('path', `/${name}`);
    form.set('file', new Blob([file.blob]), 'encrypted.bin');
    form.set('encrypted', 'true');
    form.set('encrypted_meta', file.meta);
    const res = await admin.raw('/api/upload', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    // Stored before the late fields came: undone right after the answer.
    await expect
      .poll(async () => ({
        rows: (await rowsInFolder(server, name)).length,
        ...(await leftInFolder(server, configId, name)),
      }))
      .toEqual({ rows: 0, objects: [], temp: 0 });
  });

  // Multipart and presigned uploads: the header is read back from the stored object.
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
