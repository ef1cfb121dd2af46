import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { captureLogs } from '../support/log-capture';
import { LocalDriver } from '@/storage/local';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, fsUrl, listedNames } from './fs-support';

/**
 * A ZIP download that stops half-way (issue 33): a client that leaves closes the file the
 * archive was reading and logs nothing; a file that changed size since it was listed cuts
 * the answer short (never a valid archive with a wrong file) and is logged as the failure
 * it is. Local storage: the test sees the server's open files in its own /proc/self/fd.
 */
const MIB = 1024 * 1024;

/** Whether this process holds `file` open. */
function isOpen(file: string): boolean {
  return fs.readdirSync('/proc/self/fd').some((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  });
}

describe('GET fs/download-zip cut short', () => {
  const logs = captureLogs();
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  beforeAll(async () => {
    server = await startTestServer({}, { logger: logs.logger });
    admin = await server.admin();
    mount = await mountOn(server, admin, storageTargets()[0]!, {
      mountPath: '/faults',
      cacheTtl: 300,
    });
    await mount.driver.put('big/a.bin', bytes(randomBytes(64 * MIB)));
    await mount.driver.put('grows/a.txt', bytes('short'));
    await mount.driver.put('grows/b.txt', bytes('b'));
  });
  afterAll(() => server.close());

  it('closes the file being read when the client leaves, and logs no error', async () => {
    const controller = new AbortController();
    const res = await fetch(
      `${server.baseUrl}${fsUrl(admin, 'download-zip', { path: '/faults/big' })}`,
      {
        headers: { authorization: admin.authorization ?? '' },
        signal: controller.signal,
      },
    );
    expect(res.status).toBe(200);
    const root = mount.driver instanceof LocalDriver ? mount.driver.root : '';
    const file = fs.realpathSync(`${root}/big/a.bin`);
    try {
      await res.body!.getReader().read();
      // The file is opened when its turn comes, just after its local header went out.
      await expect.poll(() => isOpen(file)).toBe(true);
    } finally {
      controller.abort();
    }
    await expect.poll(() => isOpen(file), { timeout: 10_000 }).toBe(false);
    expect(logs.errors()).toEqual([]);
  });

  it('cuts the answer short and logs it when a file changed size since it was listed', async () => {
    // The listing is cached for 300 s; the storage changes behind the product's back.
    expect(await listedNames(admin, '/faults/grows')).toEqual(['a.txt', 'b.txt']);
    await mount.driver.put('grows/a.txt', bytes('much longer now'));
    const res = await admin.raw(fsUrl(admin, 'download-zip', { path: '/faults/grows' }));
    expect(res.status).toBe(200);
    const announced = Number(res.headers.get('content-length'));
    const received = await res.arrayBuffer().then(
      (body) => body.byteLength,
      () => -1,
    );
    expect(received).not.toBe(announced);
    await expect.poll(() => logs.errors().length).toBe(1);
    expect(logs.errors()[0]).toMatchObject({
      msg: 'the ZIP download failed after it started; the answer was cut short',
      archive: 'grows.zip',
    });
  });
});
