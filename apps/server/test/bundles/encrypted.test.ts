import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { postSealed, sealedFile } from '../files/encrypted-builders';
import { onLocalStorage, serverOnTarget } from '../uploads/targets';
import { createBundle, fetchBytes, openBundle, postBundle, uploadMember } from './support';

/**
 * Bundles of end-to-end encrypted files (issue 35, docs/encryption.md): the members are
 * sealed under one fragment key; the server hands out each member's ciphertext and its
 * sealed name, offers no ZIP (it has no key: the bundle page zips), and refuses a bundle
 * that mixes sealed and plain files.
 */
onLocalStorage('encrypted bundles', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  async function sealedMember(
    size: number,
    name: string,
  ): Promise<{ share: FileShare; blob: Buffer; meta: string }> {
    const file = await sealedFile(size, name);
    const res = await postSealed(admin, configId, file, { private: 'true' });
    expect(res.status).toBe(201);
    return { share: res.body.data, blob: file.blob, meta: file.meta };
  }

  it('hands out each sealed member and its sealed name, and no ZIP', async () => {
    const first = await sealedMember(70_000, 'minutes.txt');
    const second = await sealedMember(1_000, 'budget.xlsx');
    const bundle = await createBundle(admin, 'admin', {
      file_ids: [first.share.id, second.share.id],
    });
    expect(bundle.encrypted).toBe(true);
    expect(bundle.files.map((file) => [file.encrypted, file.encrypted_meta])).toEqual([
      [true, first.meta],
      [true, second.meta],
    ]);

    const opened = await openBundle(server, bundle.slug);
    expect(opened.status).toBe(200);
    const page: PublicBundle = opened.body.data;
    expect(page.encrypted).toBe(true);
    expect(page.zipUrl).toBeUndefined();
    expect(page.files?.map((file) => [file.filename, file.encrypted_meta])).toEqual([
      [first.share.filename, first.meta],
      [second.share.filename, second.meta],
    ]);
    // Inline, a sealed member is ciphertext: no preview link; the download is the blob.
    expect(page.files?.some((file) => file.previewUrl !== undefined)).toBe(false);
    const download = await fetchBytes(page.files?.[0]?.downloadUrl ?? '');
    expect(download.status).toBe(200);
    expect(download.body.equals(first.blob)).toBe(true);
    expect(JSON.stringify(page)).not.toContain('minutes');
  });

  it('answers 409 BUNDLE_ENCRYPTED for its server ZIP', async () => {
    const member = await sealedMember(500, 'notes.md');
    const bundle = await createBundle(admin, 'admin', { file_ids: [member.share.id] });
    const zip = await fetchBytes(`${server.baseUrl}/api/bundle-zip/${bundle.slug}?token=guess`);
    expect(zip.status).toBe(409);
    expect((JSON.parse(zip.body.toString()) as { error: string }).error).toBe('BUNDLE_ENCRYPTED');
  });

  it('refuses a bundle of sealed and plain files, and keeps plain bundles as they were', async () => {
    const sealed = await sealedMember(500, 'secret.txt');
    const plain = await uploadMember(admin, configId, 'plain text', 'plain.txt');
    const mixed = await postBundle(admin, 'admin', { file_ids: [plain.id, sealed.share.id] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toBe('BUNDLE_FILES_MIXED_ENCRYPTION');

    const bundle = await createBundle(admin, 'admin', { file_ids: [plain.id] });
    expect(bundle).not.toHaveProperty('encrypted');
    expect(bundle.files[0]).not.toHaveProperty('encrypted');
    const opened = await openBundle(server, bundle.slug);
    expect(opened.body.data).not.toHaveProperty('encrypted');
    expect(opened.body.data.zipUrl).toMatch(/\/api\/bundle-zip\//);
  });
});
