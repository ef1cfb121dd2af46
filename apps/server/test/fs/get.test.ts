import type { FsStat } from '@pastebox/contract/schemas/fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, fsUrl } from './fs-support';
import { createMountKey, eachStorage } from './uploads-support';

eachStorage((target) => {
  describe(`GET fs/get [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      docs = await mountOn(server, admin, target, { mountPath: '/team/docs' });
      await docs.driver.put('photo.png', bytes('not really a png'));
      await docs.driver.createFolder('albums');
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const get = (client: ApiClient, path: string) =>
      client.get<FsStat>(fsUrl(client, 'get', { path }));

    it('answers a file with the mount it lies in', async () => {
      const res = await get(admin, '/team/docs/photo.png');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'photo.png',
        path: '/team/docs/photo.png',
        isDirectory: false,
        size: 16,
        mimetype: 'image/png',
        isMount: false,
        mount_id: docs.id,
        mount: { id: docs.id, mount_path: '/team/docs', name: 'team-docs' },
      });
    });

    it('answers a folder, a mount point and a folder above mounts', async () => {
      expect((await get(admin, '/team/docs/albums')).body.data).toMatchObject({
        isDirectory: true,
        isMount: false,
        mount: { id: docs.id },
      });
      expect((await get(admin, '/team/docs')).body.data).toMatchObject({
        isDirectory: true,
        isMount: true,
        mount_id: docs.id,
      });
      expect((await get(admin, '/team')).body.data).toMatchObject({
        isDirectory: true,
        isMount: false,
        mount: null,
      });
    });

    it('answers 404 for nothing there, 403 outside a key, 400 for a bad path', async () => {
      expect((await get(admin, '/team/docs/none.txt')).status).toBe(404);
      const key = await createMountKey(server, { basicPath: '/team/docs/albums' });
      expect((await get(key, '/team/docs/albums')).status).toBe(200);
      const refused = await get(key, '/team/docs/photo.png');
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('PATH_FORBIDDEN');
      expect((await get(admin, '/team/docs/../docs/photo.png')).status).toBe(400);
    });
  });
});
