import type { AuditList } from '@pastebox/contract/schemas/audit';
import type { BundleDetail, BundleList } from '@pastebox/contract/schemas/bundle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../accounts/builders';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { createFileKey, objectExists, uniqueSlug } from '../uploads/builders';
import { createBundle, postBundle, uploadMember } from './support';

const local = storageTargets().find((target) => target.name === 'local');

/** The owner's side of bundles (issue 33): both families, confinement, deletion, audit. */
describe(`bundle management (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    if (!local) {
      throw new Error('the local storage target is missing');
    }
    configId = (await local.createConfig(admin)).id;
  });
  afterAll(() => server.close());

  const upload = (client: ApiClient, name: string, content = `bytes of ${name}`) =>
    uploadMember(client, configId, content, name);

  it('the admin creates, lists, reads, changes and deletes a bundle; its files stay', async () => {
    const first = await upload(admin, 'one.txt');
    const second = await upload(admin, 'two.txt', 'the second file');
    const slug = uniqueSlug('b');
    const bundle = await createBundle(admin, 'admin', {
      file_ids: [second.id, first.id, second.id],
      slug,
      title: 'Holiday photos',
      max_views: 3,
    });
    expect(bundle).toMatchObject({
      slug,
      title: 'Holiday photos',
      url: `${server.baseUrl}/b/${slug}`,
      has_password: false,
      max_views: 3,
      views: 0,
      expired: false,
      file_count: 2,
      total_size: first.size + second.size,
    });
    expect(bundle.files.map((file) => [file.id, file.position, file.private])).toEqual([
      [second.id, 0, true],
      [first.id, 1, true],
    ]);

    const list = await admin.get<BundleList>('/api/admin/bundles?search=holiday');
    expect(list.body.data.items.map((item) => item.id)).toEqual([bundle.id]);
    expect(list.body.data.pagination.total).toBe(1);
    expect((await admin.get<BundleDetail>(`/api/admin/bundles/${bundle.id}`)).body.data).toEqual(
      bundle,
    );

    const changed = await admin.put<BundleDetail>(`/api/admin/bundles/${bundle.id}`, {
      title: '',
      password: 'sesame',
      expires_in: 24,
      max_views: 0,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ title: null, has_password: true, max_views: 0 });
    expect(changed.body.data.expires_at).toEqual(expect.any(String));
    const cleared = await admin.put<BundleDetail>(`/api/admin/bundles/${bundle.id}`, {
      clear_password: true,
    });
    expect(cleared.body.data.has_password).toBe(false);

    const gone = await admin.delete<{ deleted: boolean; files_deleted: number }>(
      `/api/admin/bundles/${bundle.id}`,
    );
    expect(gone.body.data).toEqual({ deleted: true, files_deleted: 0, files_failed: 0 });
    expect((await admin.get(`/api/admin/bundles/${bundle.id}`)).body.error).toBe(
      'BUNDLE_NOT_FOUND',
    );
    expect((await admin.get(`/api/admin/files/${first.id}`)).status).toBe(200);
  });

  it('a key bundles only its own ready files and sees only its own bundles', async () => {
    const key = await createFileKey(server);
    const other = await createFileKey(server);
    const mine = await upload(key.client, 'mine.txt');
    const theirs = await upload(other.client, 'theirs.txt');
    const adminFile = await upload(admin, 'admins.txt');

    for (const foreign of [theirs.id, adminFile.id, 'no-such-file']) {
      const refused = await postBundle(key.client, 'user', { file_ids: [mine.id, foreign] });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('BUNDLE_FILES_INVALID');
    }
    await server.deps.db
      .updateTable('files')
      .set({ status: 'pending' })
      .where('id', '=', theirs.id)
      .execute();
    const pending = await postBundle(other.client, 'user', { file_ids: [theirs.id] });
    expect(pending.body.error).toBe('BUNDLE_FILES_INVALID');

    const own = await createBundle(key.client, 'user', { file_ids: [mine.id] });
    expect(own.created_by).toBe(key.creator);
    const othersBundle = await createBundle(admin, 'admin', { file_ids: [adminFile.id] });

    const listed = await key.client.get<BundleList>('/api/user/bundles');
    expect(listed.body.data.items.map((item) => item.id)).toEqual([own.id]);
    expect((await key.client.get(`/api/user/bundles/${othersBundle.id}`)).status).toBe(404);
    expect(
      (await key.client.put(`/api/user/bundles/${othersBundle.id}`, { title: 'x' })).status,
    ).toBe(404);
    expect((await key.client.delete(`/api/user/bundles/${othersBundle.id}`)).status).toBe(404);
    // The admin sees everyone's; a key uses its own family only.
    expect((await admin.get(`/api/admin/bundles/${own.id}`)).status).toBe(200);
    expect((await key.client.get('/api/admin/bundles')).status).toBe(403);

    const noFiles = await createFileKey(server, { file: false });
    expect((await noFiles.client.get('/api/user/bundles')).status).toBe(403);
  });

  it("a member bundles its own files, not another member's", async () => {
    const member = await createMember(admin);
    const file = await upload(member.client, 'member.txt');
    const bundle = await createBundle(member.client, 'user', { file_ids: [file.id] });
    expect(bundle.created_by).toBe(member.id);
    const stranger = await createMember(admin);
    const refused = await postBundle(stranger.client, 'user', { file_ids: [file.id] });
    expect(refused.body.error).toBe('BUNDLE_FILES_INVALID');
  });

  it('refuses bad input: no files, too many, a taken or bad slug', async () => {
    const file = await upload(admin, 'input.txt');
    expect((await postBundle(admin, 'admin', { file_ids: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => `id-${i}`);
    expect((await postBundle(admin, 'admin', { file_ids: tooMany })).status).toBe(400);
    const slug = uniqueSlug('b');
    await createBundle(admin, 'admin', { file_ids: [file.id], slug });
    const taken = await postBundle(admin, 'admin', { file_ids: [file.id], slug });
    expect([taken.status, taken.body.error]).toEqual([409, 'SLUG_TAKEN']);
    const bad = await postBundle(admin, 'admin', { file_ids: [file.id], slug: 'no spaces' });
    expect(bad.body.error).toBe('SLUG_INVALID');
  });

  it('a deleted file leaves its bundles; delete_files=true deletes the files and objects', async () => {
    const kept = await upload(admin, 'kept.txt');
    const dropped = await upload(admin, 'dropped.txt');
    const bundle = await createBundle(admin, 'admin', { file_ids: [kept.id, dropped.id] });
    expect((await admin.delete(`/api/admin/files/${dropped.id}`)).status).toBe(200);
    const after = await admin.get<BundleDetail>(`/api/admin/bundles/${bundle.id}`);
    expect(after.body.data.files.map((file) => file.id)).toEqual([kept.id]);

    const gone = await admin.delete<{ files_deleted: number }>(
      `/api/admin/bundles/${bundle.id}?delete_files=true`,
    );
    expect(gone.body.data).toEqual({ deleted: true, files_deleted: 1, files_failed: 0 });
    expect((await admin.get(`/api/admin/files/${kept.id}`)).status).toBe(404);
    expect(await objectExists(server, configId, kept.storage_path)).toBe(false);
  });

  it('records bundle.create, bundle.update and bundle.delete in the audit log', async () => {
    const key = await createFileKey(server);
    const file = await upload(key.client, 'audited.txt');
    const bundle = await createBundle(key.client, 'user', { file_ids: [file.id] });
    await key.client.put(`/api/user/bundles/${bundle.id}`, { title: 'audited' });
    await key.client.delete(`/api/user/bundles/${bundle.id}`);
    const res = await admin.get<AuditList>('/api/admin/audit?limit=200&action=bundle.');
    const mine = res.body.data.items.filter((entry) =>
      [bundle.slug, bundle.id].includes(entry.target ?? ''),
    );
    expect(mine.map((entry) => [entry.action, entry.target]).sort()).toEqual([
      ['bundle.create', bundle.slug],
      ['bundle.delete', bundle.id],
      ['bundle.update', bundle.id],
    ]);
  });
});
