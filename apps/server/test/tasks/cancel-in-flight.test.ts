import type { TaskItem } from '@pastebox/contract/schemas/task';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '@/bootstrap';
import { startTaskRunner } from '@/modules/tasks/service';
import type { LocalDriver } from '@/storage/local';
import type { FileSystem } from '@/vfs/types';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { fresh, treeOf, writeTree } from '../vfs/copy-support';
import { fsOf, mountOn, type TestMount } from '../vfs/support';
import {
  bigBody,
  CANCEL_WITHIN_MS,
  pendingUploads,
  s3ObjectExists,
  slowS3Mount,
  SLOW_RATE,
  tempFilesUnder,
  type SlowS3Mount,
} from './in-flight-support';
import { finishedTask, startedCopy, taskOf, waitFor } from './tasks-support';

const local = storageTargets().find((target) => target.name === 'local');
if (!local) {
  throw new Error('no local storage target');
}

const SMALL = 'copied before the cancel';

/**
 * Issue 30, "Cancel does not cancel a copy": a cancel that lands while a large object is
 * in flight aborts that object — its stream, its write, no partial target, no temp file,
 * no multipart upload left — and the task ends `cancelled` within seconds. Objects that
 * finished before the cancel stay. The bytes cross a throttled relay to the S3 server, so
 * the object is still on its way when the cancel comes; both storages are real.
 */
interface CopyWorld {
  server: TestServer;
  admin: ApiClient;
  fs: FileSystem;
  disk: TestMount;
  slow: SlowS3Mount;
}

async function copyWorld(server: TestServer): Promise<CopyWorld> {
  const admin = await server.admin();
  return {
    server,
    admin,
    fs: fsOf(server),
    disk: await mountOn(server, admin, local as NonNullable<typeof local>),
    slow: await slowS3Mount(server, admin),
  };
}

/** `dir` with a small file, then (in walk order) a large one, at full speed. */
async function sourceFolder(world: CopyWorld, mount: TestMount, dir: string): Promise<void> {
  world.slow.proxy.setRate(null);
  await writeTree(world.fs, `${mount.mountPath}/${dir}`, { 'a-small.txt': SMALL });
  await world.fs.write(`${mount.mountPath}/${dir}/b-big.bin`, bigBody());
}

/** Starts the copy and answers once bytes of the large object flow. */
async function copyUnderWay(world: CopyWorld, from: string, to: string): Promise<string> {
  world.slow.proxy.setRate(SLOW_RATE);
  const id = await startedCopy(world.admin, { items: [{ sourcePath: from, targetPath: to }] });
  await waitFor(
    () => taskOf(world.admin, id),
    (task) => task.success_count === 1 && task.processed_bytes > SMALL.length,
    'the large object to be in flight',
  );
  return id;
}

/** Cancels the task; the finished task and how long it took to end. */
async function cancelled(admin: ApiClient, id: string) {
  const started = performance.now();
  const asked = await admin.post<TaskItem>(`/api/admin/tasks/${id}/cancel`);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const task = await finishedTask(admin, id);
  return { task, tookMs: performance.now() - started };
}

describe(`cancelling a copy while an object is in flight (${dialect})`, () => {
  let world: CopyWorld;
  beforeAll(async () => {
    world = await copyWorld(await startTestServer());
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await world?.slow.close();
    await world?.server.close();
  });

  it('to local storage: the download is cut, the temp file removed, nothing renamed into place', async () => {
    const dir = fresh('to-local');
    const { slow, disk } = world;
    await sourceFolder(world, slow, dir);
    const target = `${disk.mountPath}/${dir}`;
    const id = await copyUnderWay(world, `${slow.mountPath}/${dir}`, target);
    const { task, tookMs } = await cancelled(world.admin, id);
    expect(task).toMatchObject({ status: 'cancelled', success_count: 1, failed_count: 0 });
    expect(tookMs).toBeLessThan(CANCEL_WITHIN_MS);
    expect(await treeOf(world.fs, target)).toEqual({ 'a-small.txt': SMALL });
    expect(await tempFilesUnder((disk.driver as LocalDriver).root)).toEqual([]);
  });

  it('to S3: the upload is aborted, no object and no multipart upload left', async () => {
    const dir = fresh('to-s3');
    const { slow, disk } = world;
    await sourceFolder(world, disk, dir);
    const id = await copyUnderWay(world, `${disk.mountPath}/${dir}`, `${slow.mountPath}/${dir}`);
    const { task, tookMs } = await cancelled(world.admin, id);
    expect(task).toMatchObject({ status: 'cancelled', success_count: 1, failed_count: 0 });
    expect(tookMs).toBeLessThan(CANCEL_WITHIN_MS);
    expect(await s3ObjectExists(slow, `${dir}/a-small.txt`)).toBe(true);
    expect(await s3ObjectExists(slow, `${dir}/b-big.bin`)).toBe(false);
    expect(await pendingUploads(slow)).toEqual([]);
  });
});

describe(`a cancel through one instance stops the runner of another (${dialect})`, () => {
  let world: CopyWorld;
  /** The instance that works on tasks: the test server's database, its own runner. */
  let worker: Runtime;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    // The instance the API calls land on runs no task itself.
    const server = await startTestServer({}, { taskRunner: false });
    worker = await createRuntime(server.deps.config, { clock: server.clock, migrate: false });
    stopWorker = startTaskRunner(worker.deps);
    world = await copyWorld(server);
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await stopWorker?.();
    await worker?.close();
    await world?.slow.close();
    await world?.server.close();
  });

  it('learns of the cancel through the database while no byte moves, and aborts the object', async () => {
    const dir = fresh('other');
    const { slow, disk } = world;
    await sourceFolder(world, disk, dir);
    const id = await copyUnderWay(world, `${disk.mountPath}/${dir}`, `${slow.mountPath}/${dir}`);
    // The path to the storage stalls: no progress is written, so no write reads the flag.
    slow.proxy.pause();
    try {
      const { task, tookMs } = await cancelled(world.admin, id);
      expect(task).toMatchObject({ status: 'cancelled', success_count: 1 });
      expect(tookMs).toBeLessThan(CANCEL_WITHIN_MS);
    } finally {
      slow.proxy.resume();
    }
    expect(await s3ObjectExists(slow, `${dir}/b-big.bin`)).toBe(false);
    expect(await pendingUploads(slow)).toEqual([]);
  });
});
