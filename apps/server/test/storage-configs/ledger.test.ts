import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { fsCall } from '../fs/fs-support';
import { postFsForm } from '../fs/uploads-support';
import { finishedTask, startedCopy } from '../tasks/tasks-support';
import { eachStorage, mountOn, type TestMount } from '../vfs/support';
import { davFetch } from '../webdav/dav-support';
import { bytesOf, KB, ledgerOf, MIB, storedBytes, streamed } from './ledger-support';

/**
 * The capacity ledger (issue 29, DESIGN §5 "Capacity is a ledger"): every write through
 * the product — WebDAV, the fs API, copies and copy tasks — reserves on one usage figure
 * per storage config, so no mix of writes takes a storage past its capacity, and the
 * figure is the storage's own after a recount.
 */
eachStorage((target) => {
  describe(`the capacity ledger [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;

    /** A mount on a fresh config of 1 MiB capacity. */
    async function cappedMount(capacity = MIB): Promise<TestMount> {
      const config = await target.createConfig(admin, { total_storage_bytes: capacity });
      return mountOn(server, admin, target, { configId: config.id });
    }

    /** The storage holds no more than its capacity, and the ledger says what it holds. */
    async function expectLedgerTrue(mount: TestMount, capacity = MIB): Promise<number> {
      const stored = await storedBytes(mount.driver);
      expect(stored).toBeLessThanOrEqual(capacity);
      expect(await ledgerOf(server, mount.configId)).toEqual({ used: stored, reserved: 0 });
      return stored;
    }

    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('holds every door to the capacity: WebDAV, fs uploads, update, COPY, copy tasks', async () => {
      const mount = await cappedMount();
      const put = (name: string, seed: number) =>
        davFetch(server, 'PUT', `${mount.mountPath}/${name}`, { body: bytesOf(700 * KB, seed) });
      expect((await put('one.bin', 1)).status).toBe(201);
      expect((await put('two.bin', 2)).status).toBe(507);
      expect((await put('three.bin', 3)).status).toBe(507);

      for (const name of ['up1.bin', 'up2.bin']) {
        const up = await postFsForm(admin, {
          path: `${mount.mountPath}/${name}`,
          content: bytesOf(400 * KB, 4).toString('latin1'),
        });
        expect(up.status).toBe(507);
        expect(up.body.error).toBe('INSUFFICIENT_STORAGE');
      }

      const update = await fsCall.update(admin, `${mount.mountPath}/big.txt`, 'u'.repeat(2 * MIB));
      expect(update.status).toBe(507);
      expect(update.body.error).toBe('INSUFFICIENT_STORAGE');

      const copy = await davFetch(server, 'COPY', `${mount.mountPath}/one.bin`, {
        headers: { Destination: `${server.baseUrl}/dav${mount.mountPath}/copy.bin` },
      });
      expect(copy.status).toBe(507);

      const taskId = await startedCopy(admin, {
        items: [
          { sourcePath: `${mount.mountPath}/one.bin`, targetPath: `${mount.mountPath}/task.bin` },
        ],
      });
      const task = await finishedTask(admin, taskId);
      expect(task.failed_count).toBe(1);

      for (const name of [
        'two.bin',
        'three.bin',
        'up1.bin',
        'up2.bin',
        'big.txt',
        'copy.bin',
        'task.bin',
      ]) {
        expect(await mount.driver.stat(name)).toBeNull();
      }
      expect(await expectLedgerTrue(mount)).toBe(700 * KB);
    });

    it('20 parallel writes never overshoot, and the ledger equals what is stored', async () => {
      const mount = await cappedMount();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          davFetch(server, 'PUT', `${mount.mountPath}/p${index}.bin`, {
            body: bytesOf(100 * KB, index),
          }).then((res) => res.status),
        ),
      );
      expect(answers.filter((status) => status === 201)).toHaveLength(10);
      expect(answers.filter((status) => status === 507)).toHaveLength(10);
      expect(await expectLedgerTrue(mount)).toBe(1000 * KB);
    });

    it('deletes give back, an overwrite counts the difference, a rename nothing', async () => {
      const mount = await cappedMount();
      const at = (name: string) => `${mount.mountPath}/${name}`;
      expect((await davFetch(server, 'PUT', at('a.bin'), { body: bytesOf(700 * KB) })).status).toBe(
        201,
      );
      // 700 KB → 900 KB: only the 200 KB more must fit.
      expect((await davFetch(server, 'PUT', at('a.bin'), { body: bytesOf(900 * KB) })).status).toBe(
        204,
      );
      expect((await ledgerOf(server, mount.configId)).used).toBe(900 * KB);
      expect((await davFetch(server, 'PUT', at('a.bin'), { body: bytesOf(100 * KB) })).status).toBe(
        204,
      );
      expect((await ledgerOf(server, mount.configId)).used).toBe(100 * KB);

      expect((await fsCall.rename(admin, at('a.bin'), at('b.bin'))).status).toBe(200);
      expect((await ledgerOf(server, mount.configId)).used).toBe(100 * KB);

      expect((await fsCall.mkdir(admin, at('dir'))).status).toBe(200);
      for (const name of ['x.bin', 'sub/y.bin']) {
        await davFetch(server, 'MKCOL', at('dir/sub'));
        expect(
          (await davFetch(server, 'PUT', at(`dir/${name}`), { body: bytesOf(200 * KB) })).status,
        ).toBe(201);
      }
      expect((await ledgerOf(server, mount.configId)).used).toBe(500 * KB);
      expect((await fsCall.remove(admin, at('dir'))).status).toBe(200);
      expect((await ledgerOf(server, mount.configId)).used).toBe(100 * KB);
      expect((await davFetch(server, 'DELETE', at('b.bin'))).status).toBe(204);
      expect(await expectLedgerTrue(mount)).toBe(0);
    });

    it('a refused streamed write leaves no object and no reservation', async () => {
      const mount = await cappedMount();
      const res = await davFetch(server, 'PUT', `${mount.mountPath}/huge.bin`, {
        body: streamed(bytesOf(3 * MIB)),
      });
      expect(res.status).toBe(507);
      expect(await mount.driver.stat('huge.bin')).toBeNull();
      await expectLedgerTrue(mount);
      // A streamed write that fits is counted exactly.
      const fits = await davFetch(server, 'PUT', `${mount.mountPath}/fits.bin`, {
        body: streamed(bytesOf(300 * KB)),
      });
      expect(fits.status).toBe(201);
      expect(await expectLedgerTrue(mount)).toBe(300 * KB);
    });

    it('counts a file put behind the product after a recount, and refuses past it', async () => {
      const mount = await cappedMount();
      await mount.driver.put('outside.bin', Readable.from([bytesOf(800 * KB)]), { size: 800 * KB });
      expect((await ledgerOf(server, mount.configId)).used).toBe(0);

      const recount = await admin.post(`/api/s3-configs/${mount.configId}/reconcile`, {});
      expect(recount.status).toBe(200);
      expect(recount.body.data).toMatchObject({
        config_id: mount.configId,
        used_bytes: 800 * KB,
        reserved_bytes: 0,
        total_storage_bytes: MIB,
      });
      const listed = await admin.get<{ id: string; used_bytes: number }[]>('/api/s3-configs');
      expect(listed.body.data?.find((item) => item.id === mount.configId)?.used_bytes).toBe(
        800 * KB,
      );

      const put = await davFetch(server, 'PUT', `${mount.mountPath}/more.bin`, {
        body: bytesOf(300 * KB),
      });
      expect(put.status).toBe(507);
      await expectLedgerTrue(mount);
    });
  });
});

describe('a storage config with no capacity', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('keeps a ledger but never refuses', async () => {
    const [local] = (await import('../support/storage-targets')).storageTargets();
    if (!local) {
      throw new Error('no local target');
    }
    const mount = await mountOn(server, admin, local);
    const put = await davFetch(server, 'PUT', `${mount.mountPath}/big.bin`, {
      body: bytesOf(2 * MIB),
    });
    expect(put.status).toBe(201);
    expect(await ledgerOf(server, mount.configId)).toEqual({ used: 2 * MIB, reserved: 0 });
  });

  it('answers 404 for a recount of no config', async () => {
    const res = await admin.post('/api/s3-configs/nope/reconcile', {});
    expect(res.status).toBe(404);
  });
});
