import type { PublicFile } from '@pastebox/contract/schemas/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDefaultStorage } from '@/modules/storage-configs/service';
import { relocateShareObjects } from '@/modules/files/service';
import type { StorageDriver } from '@/storage/driver';
import type { ApiClient } from '../support/api-client';
import { insertMount } from '../support/mounts';
import { driverOf, storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { basic, davFetch, hrefsOf, propfind } from '../webdav/dav-support';
import { bytes, errorOf, fsCall, fsUrl, listedNames } from '../fs/fs-support';
import { createMountKey, postFsForm, storedBytes } from '../fs/uploads-support';
import { uploadShare } from '../uploads/builders';

/**
 * Issue 29: with the storage that holds file shares mounted, a key with mount permission
 * could read and replace the bytes behind a password-protected share. Share objects now
 * live below `.pastebox-shares/`, which no mount lists or opens (403 PATH_FORBIDDEN, in
 * any case and at any depth), and the sweeper moves the objects of earlier versions there.
 */

const PASSWORD = 'share-password-1';
const SECRET = 'the secret bytes behind a protected share';

/** The bytes a share's visitor downloads with its password. */
async function downloadShare(server: TestServer, slug: string): Promise<string> {
  const verified = await server.anon.post<PublicFile>(`/api/public/files/${slug}/verify`, {
    password: PASSWORD,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const res = await fetch(verified.body.data.downloadUrl ?? '');
  expect(res.status).toBe(200);
  return res.text();
}

/** The API key in a client's ApiKey authorization (WebDAV takes it as Basic credentials). */
function davAuthOf(client: ApiClient): string {
  const key = (client.authorization ?? '').replace(/^ApiKey /, '');
  return basic(key, key);
}

/** A dav path, percent-encoded segment by segment. */
function davPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

for (const target of storageTargets()) {
  describe(`share objects out of the mounts' reach [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let key: ApiClient;
    let configId: string;
    let driver: StorageDriver;
    const mountPath = '/all';
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      // The default local storage itself, or an S3 storage; mounted whole.
      configId =
        target.name === 'local'
          ? (await getDefaultStorage(server.deps)).config.id
          : (await target.createConfig(admin)).id;
      driver = await driverOf(server, configId);
      await insertMount(server.deps, {
        mountPath,
        storageConfigId: configId,
        storageType: target.name === 'local' ? 'local' : 'S3',
      });
      key = await createMountKey(server, { basicPath: '/' });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const protectedShare = () =>
      uploadShare(admin, {
        content: SECRET,
        filename: 'a.txt',
        fields: { s3_config_id: configId, password: PASSWORD, path: '/docs' },
      });

    it('a mount key can neither list, read, overwrite nor delete a share object (fs API)', async () => {
      const share = await protectedShare();
      expect(share.storage_path.startsWith('.pastebox-shares/docs/a_')).toBe(true);
      const exact = `${mountPath}/${share.storage_path}`;
      const upper = `${mountPath}/.PASTEBOX-SHARES/${share.storage_path.split('/').slice(1).join('/')}`;
      expect(await listedNames(key, mountPath)).not.toContain('.pastebox-shares');
      expect(await listedNames(admin, mountPath)).not.toContain('.pastebox-shares');
      const forbidden = [403, 'PATH_FORBIDDEN'];
      for (const path of [exact, upper, `${mountPath}/.pastebox-shares`]) {
        expect(errorOf(await fsCall.get(key, path)), path).toEqual(forbidden);
        expect(errorOf(await fsCall.list(key, path)), path).toEqual(forbidden);
        expect(errorOf(await fsCall.update(key, path, 'replaced')), path).toEqual(forbidden);
        expect(errorOf(await fsCall.remove(key, path)), path).toEqual(forbidden);
        expect(errorOf(await fsCall.fileLink(key, path)), path).toEqual(forbidden);
      }
      const download = await key.raw(fsUrl(key, 'download', { path: exact }));
      expect(download.status).toBe(403);
      expect(errorOf(await fsCall.mkdir(key, `${mountPath}/.pastebox-shares/x`))).toEqual(
        forbidden,
      );
      expect(errorOf(await fsCall.rename(key, exact, `${mountPath}/stolen.txt`))).toEqual(
        forbidden,
      );
      await fsCall.update(key, `${mountPath}/mine.txt`, 'mine');
      expect(errorOf(await fsCall.rename(key, `${mountPath}/mine.txt`, exact))).toEqual(forbidden);
      const upload = await postFsForm(key, { path: exact, content: 'replaced' });
      expect([upload.status, upload.body.error]).toEqual(forbidden);
      // Even the admin's file system does not reach them.
      expect(errorOf(await fsCall.get(admin, exact))).toEqual(forbidden);

      expect((await storedBytes(driver, share.storage_path)).toString()).toBe(SECRET);
      expect(await downloadShare(server, share.slug)).toBe(SECRET);
    });

    it('nor through WebDAV, with the exact key', async () => {
      const share = await protectedShare();
      const auth = davAuthOf(key);
      const exact = davPath(`${mountPath}/${share.storage_path}`);
      const listing = await propfind(server, `${mountPath}/`, '1', '', auth);
      expect(listing.status).toBe(207);
      expect(hrefsOf(listing.text).some((href) => href.includes('.pastebox-shares'))).toBe(false);
      const infinite = await propfind(server, `${mountPath}/`, 'infinity', '', auth);
      expect(infinite.text.includes('.pastebox-shares')).toBe(false);
      expect((await propfind(server, exact, '0', '', auth)).status).toBe(403);
      expect((await davFetch(server, 'GET', exact, { auth })).status).toBe(403);
      const put = await davFetch(server, 'PUT', exact, { auth, body: 'replaced' });
      expect(put.status).toBe(403);
      expect((await davFetch(server, 'DELETE', exact, { auth })).status).toBe(403);
      const folder = davPath(`${mountPath}/.pastebox-shares`);
      expect((await davFetch(server, 'DELETE', folder, { auth })).status).toBe(403);
      expect((await davFetch(server, 'MKCOL', `${folder}/new`, { auth })).status).toBe(403);
      const move = await davFetch(server, 'MOVE', exact, {
        auth,
        headers: { Destination: `${server.baseUrl}/dav${mountPath}/moved.txt` },
      });
      expect(move.status).toBe(403);
      expect(await downloadShare(server, share.slug)).toBe(SECRET);
    });

    it('a share stored the old way moves below the folder, still downloads, and only once', async () => {
      const share = await protectedShare();
      // The object where earlier versions put it, and the row naming it.
      const oldKey = `docs/a_${Math.random().toString(16).slice(2, 6)}.txt`;
      await driver.put(oldKey, bytes(SECRET));
      await driver.delete([share.storage_path]);
      await server.deps.db
        .updateTable('files')
        .set({ storage_path: oldKey })
        .where('id', '=', share.id)
        .execute();
      expect((await fsCall.get(key, `${mountPath}/${oldKey}`)).status).toBe(200);

      // Two instances at once, as a cluster's sweepers may run.
      const passes = await Promise.all([
        relocateShareObjects(server.deps),
        relocateShareObjects(server.deps),
      ]);
      expect(passes.every((pass) => pass.left === 0)).toBe(true);
      const row = await server.deps.db
        .selectFrom('files')
        .select('storage_path')
        .where('id', '=', share.id)
        .executeTakeFirstOrThrow();
      expect(row.storage_path).toBe(`.pastebox-shares/${oldKey}`);
      expect(await driver.stat(oldKey)).toBeNull();
      expect((await storedBytes(driver, row.storage_path)).toString()).toBe(SECRET);
      expect((await fsCall.get(key, `${mountPath}/${oldKey}`)).status).toBe(404);
      expect(await downloadShare(server, share.slug)).toBe(SECRET);

      // Idempotent: a pass with nothing to do moves nothing.
      expect(await relocateShareObjects(server.deps)).toEqual({ moved: 0, left: 0 });
      // And the share is still managed as before: deleting it deletes its object.
      expect((await admin.delete(`/api/admin/files/${share.id}`)).status).toBe(200);
      expect(await driver.stat(row.storage_path)).toBeNull();
    });
  });
}
