import type { FileList, FileShare } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  absolute,
  createFileKey,
  objectExists,
  openShare,
  uniqueSlug,
  uploadShare,
} from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';

forEachTarget('file management', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  const upload = (
    client: ApiClient,
    fields: Record<string, string | number> = {},
    filename = 'm.txt',
  ) => uploadShare(client, { filename, fields: { s3_config_id: configId, ...fields } });

  it('lists newest first, 50 by default, with search and pagination', async () => {
    const marker = uniqueSlug('needle');
    const older = await upload(admin, { remark: marker });
    server.clock.advance(1000);
    const newer = await upload(admin, {}, `${marker}.txt`);
    const all = await admin.get<FileList>('/api/admin/files');
    expect(all.status).toBe(200);
    expect(all.body.data.pagination).toMatchObject({ limit: 50, offset: 0, page: 1 });
    expect(all.body.data.items[0]?.id).toBe(newer.id);
    const found = await admin.get<FileList>(`/api/admin/files?search=${marker}`);
    expect(found.body.data.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    const page = await admin.get<FileList>(`/api/admin/files?search=${marker}&limit=1&offset=1`);
    expect(page.body.data.items.map((item) => item.id)).toEqual([older.id]);
    expect(page.body.data.pagination).toMatchObject({ total: 2, page: 2, totalPages: 2 });
    expect(JSON.stringify(all.body)).not.toContain('password_hash');
  });

  it('edits slug, remark, password, expiry and view limit', async () => {
    const file = await upload(admin);
    const slug = uniqueSlug('edited');
    const res = await admin.put<FileShare>(`/api/admin/files/${file.id}`, {
      slug,
      remark: 'new remark',
      password: 'pw-edit',
      expires_in: 24,
      max_views: 4,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      slug,
      remark: 'new remark',
      has_password: true,
      max_views: 4,
    });
    expect(Date.parse(res.body.data.expires_at ?? '')).toBe(
      server.clock.now().getTime() + 24 * 3600_000,
    );
    expect((await openShare(server, file.slug)).status).toBe(404);
    expect((await openShare(server, slug)).body.data.requires_password).toBe(true);

    const cleared = await admin.put<FileShare>(`/api/admin/files/${file.id}`, {
      password: null,
      expires_in: null,
      max_views: 0,
      remark: '',
    });
    expect(cleared.body.data).toMatchObject({
      has_password: false,
      expires_at: null,
      max_views: 0,
      remark: null,
    });
    const other = await upload(admin);
    const clash = await admin.put(`/api/admin/files/${other.id}`, { slug });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('SLUG_TAKEN');
    expect((await admin.put(`/api/admin/files/${other.id}`, { slug: 'api' })).body.error).toBe(
      'SLUG_RESERVED',
    );
    expect((await admin.put(`/api/admin/files/${other.id}`, { max_views: -1 })).status).toBe(400);
  });

  it('deleting a share deletes its object, then its row', async () => {
    const file = await upload(admin);
    expect(await objectExists(server, configId, file.storage_path)).toBe(true);
    const res = await admin.delete(`/api/admin/files/${file.id}`);
    expect(res.body.data).toEqual({ deleted: 1 });
    expect(await objectExists(server, configId, file.storage_path)).toBe(false);
    expect((await admin.get(`/api/admin/files/${file.id}`)).status).toBe(404);
    expect((await fetch(absolute(server, file.downloadUrl ?? ''))).status).toBe(404);
    expect((await admin.delete(`/api/admin/files/${file.id}`)).status).toBe(404);

    const a = await upload(admin);
    const b = await upload(admin);
    const batch = await admin.post('/api/admin/files/batch-delete', {
      ids: [a.id, b.id, 'missing'],
    });
    expect(batch.body.data).toEqual({ deleted: 2, failed: 0 });
    expect(await objectExists(server, configId, a.storage_path)).toBe(false);
    expect(await objectExists(server, configId, b.storage_path)).toBe(false);
  });

  it('a storage config with files cannot be deleted until they are gone', async () => {
    const spare = await target.createConfig(server, admin);
    const file = await uploadShare(admin, { fields: { s3_config_id: spare } });
    const refused = await admin.delete(`/api/s3-configs/${spare}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('STORAGE_CONFIG_IN_USE');
    expect((await admin.delete(`/api/admin/files/${file.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/s3-configs/${spare}`)).status).toBe(200);
  });

  it('a key manages only its own files under /api/user/files', async () => {
    const alice = await createFileKey(server);
    const bob = await createFileKey(server);
    const mine = await upload(alice.client, { remark: 'alice' });
    const theirs = await upload(bob.client, { remark: 'bob' });
    const listed = await alice.client.get<FileList>('/api/user/files');
    expect(listed.body.data.items.map((item) => item.id)).toEqual([mine.id]);
    expect(listed.body.data.pagination.total).toBe(1);
    expect((await alice.client.get(`/api/user/files/${theirs.id}`)).status).toBe(404);
    expect((await alice.client.put(`/api/user/files/${theirs.id}`, { remark: 'x' })).status).toBe(
      404,
    );
    expect((await alice.client.delete(`/api/user/files/${theirs.id}`)).status).toBe(404);
    const batch = await alice.client.post('/api/user/files/batch-delete', { ids: [theirs.id] });
    expect(batch.body.data).toEqual({ deleted: 0, failed: 0 });
    expect(await objectExists(server, configId, theirs.storage_path)).toBe(true);
    const edited = await alice.client.put<FileShare>(`/api/user/files/${mine.id}`, {
      remark: 'edited',
    });
    expect(edited.body.data.remark).toBe('edited');
    expect((await alice.client.delete(`/api/user/files/${mine.id}`)).body.data).toEqual({
      deleted: 1,
    });

    expect((await alice.client.get('/api/admin/files')).status).toBe(403);
    expect((await admin.get('/api/user/files')).status).toBe(403);
    expect((await server.anon.get('/api/user/files')).status).toBe(401);
    const noFile = await createFileKey(server, { file: false });
    expect((await noFile.client.get('/api/user/files')).body.error).toBe(
      'FILE_PERMISSION_REQUIRED',
    );
  });
});
