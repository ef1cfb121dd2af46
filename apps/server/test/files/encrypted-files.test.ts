import { openBytes } from '@pastebox/contract/e2e/blob';
import type { FileList, FileShare } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  absolute,
  endlessForm,
  openShare,
  postForm,
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
  storedBytes,
  type SealedFile,
} from './encrypted-builders';

const MIB = 1024 * 1024;

/**
 * End-to-end encrypted file shares on the server (issue 35, docs/encryption.md): the
 * browser seals the file and its name; the server stores the blob as it came, flags it,
 * never serves it as anything but opaque bytes, and refuses — leaving no row and no
 * object — bytes sent under the flag that do not begin with a sealed blob's header. Form
 * uploads here; multipart and presigned ones in encrypted-resumable.test.ts.
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
});
