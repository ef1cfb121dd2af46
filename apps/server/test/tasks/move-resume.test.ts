import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '@/jobs/types';
import type { FileSystem } from '@/vfs/types';
import type { ApiClient } from '../support/api-client';
import { storageTargets, type StorageTarget } from '../support/storage-targets';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { fresh, treeOf, writeTree } from '../vfs/copy-support';
import { fsOf, mountOn, type TestMount } from '../vfs/support';
import { moveRunner, stalledMove, startedMove } from './move-support';
import { finishedTask, stall, taskOf, taskRow, waitFor } from './tasks-support';

function targetNamed(name: string): StorageTarget {
  const found = storageTargets().find((target) => target.name === name);
  if (!found) {
    throw new Error(`no ${name} storage target`);
  }
  return found;
}

/** The runners' lease; the clock is moved past it to "kill" a runner. */
const LEASE_MS = 30_000;

describe('a move task taken over after its runner died (local → S3)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let local: TestMount;
  let s3: TestMount;
  let fs: FileSystem;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    local = await mountOn(server, admin, targetNamed('local'));
    s3 = await mountOn(server, admin, targetNamed('swift'));
    fs = fsOf(server);
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(() => server.close());

  /** A rename within the local mount, then a folder of three files across to S3. */
  async function twoItemMove(dir: string): Promise<string> {
    await writeTree(fs, `${local.mountPath}/${dir}`, {
      'note.txt': 'n',
      'f/a.txt': 'a',
      'f/b.txt': 'b',
      'f/c.txt': 'c',
    });
    return startedMove(admin, {
      items: [
        {
          sourcePath: `${local.mountPath}/${dir}/note.txt`,
          targetPath: `${local.mountPath}/${dir}/renamed.txt`,
        },
        { sourcePath: `${local.mountPath}/${dir}/f`, targetPath: `${s3.mountPath}/${dir}/` },
      ],
    });
  }

  /** Runs the task on a runner that stalls where `when` says, lets it "die", and an heir finish. */
  async function dieAndTakeOver(
    id: string,
    when: (progress: JobProgress) => boolean,
    mode: 'written' | 'unwritten',
    beforeHeir: () => Promise<void> = () => Promise.resolve(),
  ) {
    const point = stall();
    const dying = moveRunner(server, `dying-${id}`, stalledMove(server, point, when, mode));
    dying.start();
    await point.reached;
    expect(await taskRow(server, id)).toMatchObject({ status: 'running' });
    await beforeHeir();
    // The first runner stops answering: no renewal comes before its lease runs out.
    server.clock.advance(LEASE_MS + 1_000);
    const heir = moveRunner(server, `heir-${id}`);
    heir.start();
    const task = await finishedTask(admin, id);
    point.release();
    await waitFor(
      () => Promise.resolve(dying.activeJobs()),
      (jobs) => jobs.length === 0,
      'the old runner to let go',
    );
    await heir.stop();
    await dying.stop();
    expect(Number((await taskRow(server, id)).attempts)).toBe(2);
    expect((await taskOf(admin, id)).status).toBe(task.status);
    return task;
  }

  async function expectMoved(dir: string) {
    expect(await treeOf(fs, `${local.mountPath}/${dir}`)).toEqual({ 'renamed.txt': 'n' });
    expect(await treeOf(fs, `${s3.mountPath}/${dir}`)).toEqual({
      'f/': '',
      'f/a.txt': 'a',
      'f/b.txt': 'b',
      'f/c.txt': 'c',
    });
  }

  it('resumes after the last file copied, copying nothing twice, and removes the source', async () => {
    const dir = fresh('resume');
    const id = await twoItemMove(dir);
    let firstCopy = '';
    const task = await dieAndTakeOver(
      id,
      // The rename counted, then the first file of the folder copied.
      (progress) => progress.successCount === 2,
      'written',
      async () => {
        firstCopy = (await fs.stat(`${s3.mountPath}/${dir}/f/a.txt`)).etag ?? '';
        // Died mid-item: the source is still whole.
        expect(await treeOf(fs, `${local.mountPath}/${dir}/f`)).toHaveProperty('a.txt', 'a');
      },
    );
    expect(task).toMatchObject({
      type: 'move',
      status: 'completed',
      success_count: 4,
      failed_count: 0,
      processed_items: 4,
    });
    expect((await fs.stat(`${s3.mountPath}/${dir}/f/a.txt`)).etag).toBe(firstCopy);
    await expectMoved(dir);
  });

  it('finds a rename done by the dead runner before it could say so, and goes on', async () => {
    const dir = fresh('renamed');
    const id = await twoItemMove(dir);
    const task = await dieAndTakeOver(
      id,
      // The boundary after the rename, never written: the database still says item 0.
      (progress) => progress.successCount === 1,
      'unwritten',
      async () => {
        const row = await taskRow(server, id);
        expect(JSON.parse(row.checkpoint ?? '{}')).toMatchObject({ copy: { item: 0 } });
        expect(await treeOf(fs, `${local.mountPath}/${dir}`)).toHaveProperty('renamed.txt', 'n');
      },
    );
    expect(task).toMatchObject({
      status: 'completed',
      success_count: 4,
      failed_count: 0,
      failures: [],
    });
    await expectMoved(dir);
  });
});
