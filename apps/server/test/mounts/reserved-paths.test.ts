import { RESERVED_MOUNT_ROOTS } from '@pastebox/contract/rules/mount-path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { fsCall, listedNames } from '../fs/fs-support';
import { davFetch, hrefsOf } from '../webdav/dav-support';
import { createMount, postMount, refusal } from './support';

/**
 * Issue 30: a mount path is a virtual path, reached only below /dav, /mount-explorer and
 * the fs API, so the web app's own routes (/docs, /files, /upload, /user) are ordinary
 * mount paths; only the doors themselves stay reserved, and a refusal names them.
 */
describe('admin/mounts: reserved mount paths', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    configId = (await local().createConfig(admin)).id;
  });
  afterAll(() => server.close());

  function local() {
    const target = storageTargets().find((candidate) => candidate.name === 'local');
    if (!target) {
      throw new Error('no local storage target');
    }
    return target;
  }

  it('reserves only the doors into the file system: /api, /dav, /mount-explorer', () => {
    expect([...RESERVED_MOUNT_ROOTS].sort()).toEqual(['api', 'dav', 'mount-explorer']);
  });

  it.each(['/docs', '/files', '/upload', '/user'])(
    '%s is accepted, and usable through the fs API and WebDAV',
    async (mountPath) => {
      // A config of its own: mounts of one config share its root folder.
      const own = (await local().createConfig(admin)).id;
      await createMount(admin, own, { name: mountPath.slice(1), mount_path: mountPath });
      const made = await fsCall.mkdir(admin, `${mountPath}/inside`);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(await listedNames(admin, mountPath)).toEqual(['inside']);
      expect(await listedNames(admin, '/')).toContain(mountPath.slice(1));

      const put = await davFetch(server, 'PUT', `${mountPath}/inside/note.txt`, { body: 'hi' });
      expect(put.status).toBe(201);
      const listing = await davFetch(server, 'PROPFIND', `${mountPath}/inside/`, {
        headers: { Depth: '1' },
      });
      expect(listing.status).toBe(207);
      expect(hrefsOf(await listing.text())).toContain(`/dav${mountPath}/inside/note.txt`);
      const got = await davFetch(server, 'GET', `${mountPath}/inside/note.txt`);
      expect(await got.text()).toBe('hi');
    },
  );

  it.each(['/api', '/DAV', '/dav/x', '/mount-explorer/a'])(
    '%s is refused, the message naming every reserved path',
    async (mountPath) => {
      const res = await postMount(admin, configId, { mount_path: mountPath });
      expect(refusal(res)).toMatchObject({
        status: 400,
        error: 'MOUNT_PATH_RESERVED',
        fields: ['mount_path'],
      });
      for (const reserved of ['/api', '/dav', '/mount-explorer']) {
        expect(res.body.message).toContain(reserved);
      }
    },
  );
});
