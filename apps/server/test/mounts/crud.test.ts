import type { FsListing } from '@pastebox/contract/schemas/fs';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { createMount, mountPaths, postMount } from './support';

/** The admin's mount calls, on a local config and on the real S3-protocol server's. */
for (const target of storageTargets()) {
  const storageType = target.name === 'local' ? 'local' : 'S3';

  describe(`admin/mounts: create, read, change, delete [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let adminId: string;
    let configId: string;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      adminId = (await admin.get<{ id: string }>('/api/test/admin-token')).body.data.id;
      configId = (await target.createConfig(admin, { name: `mounts-${target.name}` })).id;
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('creates a mount: 201, storage_type derived from the config, created_by the admin', async () => {
      const res = await postMount(admin, configId, {
        name: '  Team  ',
        mount_path: '/team',
        remark: 'shared',
        sort_order: 3,
        cache_ttl: 60,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'Team',
        storage_type: storageType,
        storage_config_id: configId,
        s3_config_id: configId,
        storage_config_name: `mounts-${target.name}`,
        mount_path: '/team',
        remark: 'shared',
        is_active: true,
        sort_order: 3,
        cache_ttl: 60,
        created_by: adminId,
      });
      expect(res.body.data.created_at).toBe(res.body.data.updated_at);
      const read = await admin.get<MountItem>(`/api/admin/mounts/${res.body.data.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(res.body.data);
    });

    it('fills the defaults: active, sort order 0, cache TTL 300, no remark', async () => {
      const mount = await createMount(admin, configId);
      expect(mount).toMatchObject({ is_active: true, sort_order: 0, cache_ttl: 300, remark: null });
    });

    it('accepts the seed’s s3_config_id and an explicit storage_type that matches', async () => {
      const mount = await createMount(admin, configId, {
        storage_config_id: undefined,
        s3_config_id: configId,
        storage_type: storageType,
      });
      expect(mount).toMatchObject({ storage_config_id: configId, storage_type: storageType });
    });

    it('accepts Chinese characters, digits, _ and - in a nested path', async () => {
      const mount = await createMount(admin, configId, { mount_path: '/团队_1/文档-2024' });
      expect(mount.mount_path).toBe('/团队_1/文档-2024');
      const root = await admin.get<FsListing>('/api/admin/fs/list?path=%2F');
      expect(root.body.data.items.map((item) => item.name)).toContain('团队_1');
    });

    it('lists every mount in explorer order: sort_order, then path', async () => {
      const fresh = await startTestServer();
      try {
        const own = await fresh.admin();
        const config = (await target.createConfig(own)).id;
        for (const [mount_path, sort_order] of [
          ['/zeta', 0],
          ['/alpha', 2],
          ['/beta', 0],
          ['/first', -1],
        ] as const) {
          await createMount(own, config, { mount_path, sort_order });
        }
        expect(await mountPaths(own)).toEqual(['/first', '/beta', '/zeta', '/alpha']);
      } finally {
        await fresh.close();
      }
    });

    it('changes only the given fields, bumps updated_at, and the file system follows', async () => {
      const mount = await createMount(admin, configId, { name: 'Before', remark: 'keep' });
      server.clock.advance(5_000);
      const res = await admin.put<MountItem>(`/api/admin/mounts/${mount.id}`, {
        name: 'After',
        mount_path: '/moved-here',
        cache_ttl: 0,
        sort_order: -4,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: mount.id,
        name: 'After',
        mount_path: '/moved-here',
        cache_ttl: 0,
        sort_order: -4,
        remark: 'keep',
        is_active: true,
        created_by: adminId,
        created_at: mount.created_at,
      });
      expect(Date.parse(res.body.data.updated_at)).toBe(Date.parse(mount.updated_at) + 5_000);
      const moved = await admin.get('/api/admin/fs/list?path=%2Fmoved-here');
      expect(moved.status).toBe(200);
      const old = await admin.get(
        `/api/admin/fs/list?path=${encodeURIComponent(mount.mount_path)}`,
      );
      expect(old.status).toBe(404);
    });

    it('switches a mount off and on: an inactive mount is not browsable', async () => {
      const mount = await createMount(admin, configId);
      const listing = `/api/admin/fs/list?path=${encodeURIComponent(mount.mount_path)}`;
      const off = await admin.put<MountItem>(`/api/admin/mounts/${mount.id}`, { is_active: false });
      expect(off.body.data.is_active).toBe(false);
      expect((await admin.get(listing)).status).toBe(404);
      const on = await admin.put<MountItem>(`/api/admin/mounts/${mount.id}`, { is_active: true });
      expect(on.body.data.is_active).toBe(true);
      expect((await admin.get(listing)).status).toBe(200);
    });

    it('keeps the path when PUT sends the same one (no clash with itself)', async () => {
      const mount = await createMount(admin, configId);
      const res = await admin.put<MountItem>(`/api/admin/mounts/${mount.id}`, {
        mount_path: mount.mount_path,
        remark: null,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.mount_path).toBe(mount.mount_path);
    });

    it('deletes a mount: gone from the list and the file system; the files stay in storage', async () => {
      const mount = await createMount(admin, configId);
      const path = mount.mount_path;
      const write = await admin.post('/api/admin/fs/update', {
        path: `${path}/kept.txt`,
        content: 'stays',
      });
      expect(write.status).toBe(200);
      const res = await admin.delete(`/api/admin/mounts/${mount.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
      expect(await mountPaths(admin)).not.toContain(path);
      expect((await admin.get(`/api/admin/mounts/${mount.id}`)).status).toBe(404);
      expect((await admin.get(`/api/admin/fs/list?path=${encodeURIComponent(path)}`)).status).toBe(
        404,
      );
      // Mounted again, the same storage shows the file: deleting the mount kept it.
      const again = await createMount(admin, configId, { mount_path: path });
      const listing = await admin.get<FsListing>(
        `/api/admin/fs/list?path=${encodeURIComponent(again.mount_path)}`,
      );
      expect(listing.body.data.items.map((item) => item.name)).toContain('kept.txt');
    });

    it('answers 404 MOUNT_NOT_FOUND for an unknown id on GET, PUT and DELETE', async () => {
      for (const res of [
        await admin.get('/api/admin/mounts/no-such-mount'),
        await admin.put('/api/admin/mounts/no-such-mount', { name: 'x' }),
        await admin.delete('/api/admin/mounts/no-such-mount'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('MOUNT_NOT_FOUND');
      }
    });

    it('moves a mount to another config; storage_type follows the new config', async () => {
      const mount = await createMount(admin, configId);
      const other = await target.createConfig(admin);
      const res = await admin.put<MountItem>(`/api/admin/mounts/${mount.id}`, {
        storage_config_id: other.id,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        storage_config_id: other.id,
        storage_type: storageType,
        storage_config_name: other.name,
      });
    });
  });
}
