import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorage } from '@/modules/storage-configs/service';
import { localRootOf } from '@/storage/registry';
import { listedSizes } from '../fs/fs-support';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { davFetch, hrefsOf } from './dav-support';

/**
 * Makes a stored file impossible to delete, as a storage failure a client cannot cause:
 * immutable for root (who may delete anything else), else a read-only folder around it.
 * Answers the undo.
 */
function pin(file: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', file]);
    return () => execFileSync('chattr', ['-i', file]);
  }
  const folder = path.dirname(file);
  chmodSync(folder, 0o555);
  return () => chmodSync(folder, 0o755);
}

describe('WebDAV DELETE with members that cannot be deleted [local]', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  let root: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const local = storageTargets().find((target) => target.name === 'local');
    if (!local) {
      throw new Error('the local storage target is missing');
    }
    mount = await mountOn(server, admin, local, { mountPath: '/a' });
    root = localRootOf(server.deps, (await getStorage(server.deps, mount.configId)).config);
  });
  afterAll(() => server.close());

  it('answers 207 naming only the failed member, removes the rest, then 204', async () => {
    await davFetch(server, 'MKCOL', '/a/d');
    await davFetch(server, 'MKCOL', '/a/d/keep');
    await davFetch(server, 'MKCOL', '/a/d/other');
    for (const file of ['/a/d/ok.txt', '/a/d/keep/stuck.txt', '/a/d/other/fine.txt']) {
      expect((await davFetch(server, 'PUT', file, { body: file })).status).toBe(201);
    }
    const unpin = pin(path.join(root, 'd/keep/stuck.txt'));
    let partial: Response;
    try {
      partial = await davFetch(server, 'DELETE', '/a/d');
    } finally {
      unpin();
    }
    expect(partial.status).toBe(207);
    const xml = await partial.text();
    expect(hrefsOf(xml)).toEqual(['/dav/a/d/keep/stuck.txt']);
    // The status is the storage's refusal as the file system words it (never a success).
    expect(xml).toMatch(/<D:status>HTTP\/1\.1 [45]\d\d /);
    // Everything else went; the failed member and the folders above it stay.
    expect(await mount.driver.stat('d/ok.txt')).toBeNull();
    expect(await mount.driver.folderExists('d/other')).toBe(false);
    expect(await mount.driver.stat('d/keep/stuck.txt')).not.toBeNull();
    expect(Object.keys(await listedSizes(admin, '/a/d'))).toEqual(['keep']);

    expect((await davFetch(server, 'DELETE', '/a/d')).status).toBe(204);
    expect(await mount.driver.folderExists('d')).toBe(false);
  });
});
