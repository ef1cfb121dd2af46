import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDriver } from '@/storage/local';
import { listStorageFolder } from '@/vfs/listing';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { bodyOf, eachStorage, fsOf, mountOn, type TestMount } from './support';

/** Names in the order a listing shows them: f0, f1, … f(n-1). */
const names = (count: number) => Array.from({ length: count }, (_, index) => `f${index}.txt`);

eachStorage((target) => {
  describe(`file system: folders over many storage pages [${target.name}]`, () => {
    let server: TestServer;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      mount = await mountOn(server, await server.admin(), target, { cacheTtl: 0 });
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('reads page after page to the end: every entry once, folders first, in order', async () => {
      const files = names(250);
      for (let at = 0; at < files.length; at += 50) {
        await Promise.all(
          files.slice(at, at + 50).map((name) => mount.driver.put(`paged/${name}`, bodyOf('x'))),
        );
      }
      await mount.driver.createFolder('paged/zz-folder');
      await mount.driver.put('paged/sub/inner.txt', bodyOf('y'));
      // Pages of 40 entries: seven storage requests for this folder.
      const entries = await listStorageFolder(mount.driver, 'paged', '/m/paged', 40);
      expect(entries.map((entry) => entry.name)).toEqual(['sub', 'zz-folder', ...files]);
      expect(entries[2]).toMatchObject({ path: '/m/paged/f0.txt', size: 1, isDirectory: false });
    }, 120_000);
  });
});

describe('file system: a folder of 10,000 files [local]', () => {
  let server: TestServer;
  let mount: TestMount;
  beforeAll(async () => {
    server = await startTestServer();
    const local = storageTargets().find((target) => target.name === 'local');
    if (!local) {
      throw new Error('the local storage target is missing');
    }
    mount = await mountOn(server, await server.admin(), local, { cacheTtl: 0 });
  });
  afterAll(() => server.close());

  it('lists all of it, in order, in well under the time a person waits', async () => {
    if (!(mount.driver instanceof LocalDriver)) {
      throw new Error('expected the local driver');
    }
    const root = mount.driver.root;
    const dir = path.join(root, 'ten-k');
    await fsp.mkdir(dir, { recursive: true });
    const files = names(10_000);
    for (let at = 0; at < files.length; at += 500) {
      await Promise.all(
        files.slice(at, at + 500).map((name) => fsp.writeFile(path.join(dir, name), 'x')),
      );
    }
    const started = performance.now();
    const listing = await fsOf(server).list(`${mount.mountPath}/ten-k`);
    const elapsed = performance.now() - started;
    expect(listing.entries.map((entry) => entry.name)).toEqual(files);
    expect(elapsed).toBeLessThan(5_000);
  }, 60_000);
});
