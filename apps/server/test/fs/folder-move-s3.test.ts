import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver } from '@/storage/driver';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { bytes, errorOf, fsCall } from './fs-support';

/**
 * A folder move on S3 is a copy and a delete per object (issue 29, "Concurrency"). When
 * the storage fails half-way, every object is whole at the source or at the target, the
 * answer is a typed 409 PATH_CONFLICT saying what is left, and the same move again
 * finishes it. The failures are the storage's own requests failing (the S3 client of the
 * app's driver is told to fail one command), against the real S3-protocol server.
 */

const FILES = ['a.txt', 'b.txt', 'c.txt', 'sub/d.txt', 'sub/deeper/e.txt'];

/** Makes the driver's next request of `command` fail (after `skip` that succeed). */
function failNext(driver: StorageDriver, command: string, skip = 0): { fired: () => boolean } {
  const client = (driver as unknown as { client: S3Client }).client;
  let seen = 0;
  let fired = false;
  const name = `fail-${command}-${Math.random().toString(36).slice(2)}`;
  client.middlewareStack.add(
    (next, context) => (args) => {
      if (!fired && context.commandName === command && seen++ >= skip) {
        fired = true;
        client.middlewareStack.remove(name);
        return Promise.reject(new Error(`injected failure of ${command}`));
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { fired: () => fired };
}

async function keysUnder(driver: StorageDriver, folder: string): Promise<string[]> {
  const page = await driver.list(`${folder}/`, { limit: 1000 });
  return page.objects.map((object) => object.key.slice(folder.length + 1)).sort();
}

describe('a folder move on S3 that fails half-way [swift]', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const swift = storageTargets().find((target) => target.name === 'swift');
    if (!swift) {
      throw new Error('the S3 storage target is missing');
    }
    mount = await mountOn(server, admin, swift, { mountPath: '/s3' });
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(() => server.close());

  const sorted = [...FILES].sort();

  it('a failed copy takes its copies back: nothing moved, 409 naming it', async () => {
    await Promise.all(FILES.map((file) => mount.driver.put(`c/${file}`, bytes(file))));
    const fault = failNext(mount.driver, 'CopyObjectCommand', 2);
    const res = await fsCall.rename(admin, '/s3/c', '/s3/c2');
    expect(fault.fired()).toBe(true);
    expect(errorOf(res)).toEqual([409, 'PATH_CONFLICT']);
    expect(res.body.message).toContain('nothing was moved');
    expect(await keysUnder(mount.driver, 'c')).toEqual(sorted);
    expect(await keysUnder(mount.driver, 'c2')).toEqual([]);
  });

  it('a failed delete leaves all at the target; the same move again finishes', async () => {
    await Promise.all(FILES.map((file) => mount.driver.put(`d/${file}`, bytes(file))));
    const fault = failNext(mount.driver, 'DeleteObjectsCommand');
    const res = await fsCall.rename(admin, '/s3/d', '/s3/d2');
    expect(fault.fired()).toBe(true);
    expect(errorOf(res)).toEqual([409, 'PATH_CONFLICT']);
    expect(res.body.message).toContain(`${FILES.length} object(s) still at d`);
    expect(await keysUnder(mount.driver, 'd2')).toEqual(sorted);
    expect(await keysUnder(mount.driver, 'd')).toEqual(sorted);

    expect((await fsCall.rename(admin, '/s3/d', '/s3/d2')).status).toBe(200);
    expect(await keysUnder(mount.driver, 'd')).toEqual([]);
    expect(await keysUnder(mount.driver, 'd2')).toEqual(sorted);
    expect(errorOf(await fsCall.get(admin, '/s3/d'))).toEqual([404, 'PATH_NOT_FOUND']);
  });

  it('a rename onto a folder that is not such a copy is still refused', async () => {
    await mount.driver.put('e/a.txt', bytes('one'));
    await mount.driver.put('f/a.txt', bytes('a different size'));
    expect(errorOf(await fsCall.rename(admin, '/s3/e', '/s3/f'))).toEqual([409, 'PATH_EXISTS']);
    expect(await keysUnder(mount.driver, 'e')).toEqual(['a.txt']);
  });
});
