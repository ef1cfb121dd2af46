import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '@/jobs/runner';
import type { JobHandler } from '@/jobs/types';
import { taskHandlers } from '@/modules/tasks/service';
import type { FileSystem } from '@/vfs/types';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { fresh, treeOf, writeTree } from '../vfs/copy-support';
import { fsOf, mountOn, type TestMount } from '../vfs/support';
import {
  finishedTask,
  stall,
  stalledCopy,
  startedCopy,
  taskOf,
  taskRow,
  testRunner,
  waitFor,
} from './tasks-support';

const local = storageTargets().find((target) => target.name === 'local');
if (!local) {
  throw new Error('no local storage target');
}

/** The lease of the runners of this file; the clock is moved past it to "kill" a runner. */
const LEASE_MS = 30_000;

describe('the job runner: leases shared through the database', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  let fs: FileSystem;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    mount = await mountOn(server, admin, local);
    fs = fsOf(server);
  });
  afterAll(async () => {
    for (const runner of runners) {
      await runner.stop();
    }
    await server.close();
  });

  const at = (rest: string) => `${mount.mountPath}/${rest}`;
  const started = (runner: JobRunner) => {
    runners.push(runner);
    runner.start();
    return runner;
  };

  it('never runs one task twice, however many runners share the database', async () => {
    const dir = fresh('race');
    await writeTree(fs, at(dir), { 'a.txt': 'a', 'b.txt': 'bb' });
    const ids: string[] = [];
    for (let n = 0; n < 8; n++) {
      ids.push(
        await startedCopy(admin, {
          items: [{ sourcePath: at(dir), targetPath: at(`${dir}-${n}`) }],
        }),
      );
    }
    const runs = new Map<string, string[]>();
    const copy = taskHandlers(server.deps).copy as JobHandler;
    const counted =
      (owner: string): JobHandler =>
      (job, context) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), owner]);
        return copy(job, context);
      };
    for (const owner of ['runner-1', 'runner-2', 'runner-3']) {
      started(testRunner(server, { owner, copy: counted(owner), concurrency: 2 }));
    }
    for (const id of ids) {
      const task = await finishedTask(admin, id);
      expect(task).toMatchObject({ status: 'completed', success_count: 2, processed_bytes: 3 });
      expect(runs.get(id), id).toHaveLength(1);
      expect(Number((await taskRow(server, id)).attempts)).toBe(1);
    }
    // More than one runner took part: the claims really raced.
    expect(new Set([...runs.values()].flat()).size).toBeGreaterThan(1);
    for (const runner of runners.splice(0)) {
      await runner.stop();
    }
  });

  it('takes over a task whose runner died once its lease expired, resuming after the last file', async () => {
    const dir = fresh('takeover');
    await writeTree(fs, at(dir), { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    const id = await startedCopy(admin, {
      items: [{ sourcePath: at(dir), targetPath: at(`${dir}-b`) }],
    });
    const point = stall();
    const dying = started(testRunner(server, { owner: 'dying', copy: stalledCopy(server, point) }));
    await point.reached;
    expect(await taskRow(server, id)).toMatchObject({ lease_owner: 'dying', status: 'running' });
    const firstCopy = (await fs.stat(at(`${dir}-b/a.txt`))).etag;
    // The first runner stops answering: no renewal comes before its lease runs out.
    server.clock.advance(LEASE_MS + 1_000);
    started(testRunner(server, { owner: 'heir' }));
    const task = await finishedTask(admin, id);
    expect(task).toMatchObject({
      status: 'completed',
      success_count: 3,
      processed_items: 3,
      total_items: 3,
      processed_bytes: 3,
      failed_count: 0,
    });
    // a.txt was copied by the first runner and not again: the same object, untouched.
    expect((await fs.stat(at(`${dir}-b/a.txt`))).etag).toBe(firstCopy);
    const row = await taskRow(server, id);
    expect(Number(row.attempts)).toBe(2);
    expect(row.lease_owner).toBeNull();
    expect(await treeOf(fs, at(`${dir}-b`))).toEqual({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    // The old runner wakes up, finds its lease gone and leaves the task as the heir ended it.
    point.release();
    await waitFor(
      () => Promise.resolve(dying.activeJobs()),
      (jobs) => jobs.length === 0,
      'the old runner to let go',
    );
    expect((await taskOf(admin, id)).status).toBe('completed');
    for (const runner of runners.splice(0)) {
      await runner.stop();
    }
  });

  it('lets go of its tasks on shutdown; another runner resumes them at once', async () => {
    const dir = fresh('shutdown');
    await writeTree(fs, at(dir), { 'a.txt': 'a', 'b.txt': 'b' });
    const id = await startedCopy(admin, {
      items: [{ sourcePath: at(dir), targetPath: at(`${dir}-b`) }],
    });
    const point = stall();
    const leaving = testRunner(server, { owner: 'leaving', copy: stalledCopy(server, point) });
    leaving.start();
    await point.reached;
    const stopping = leaving.stop();
    point.release();
    await stopping;
    const released = await taskRow(server, id);
    expect(released).toMatchObject({ status: 'running', lease_owner: null, success_count: 1 });
    started(testRunner(server, { owner: 'successor' }));
    const task = await finishedTask(admin, id);
    expect(task).toMatchObject({ status: 'completed', success_count: 2, processed_items: 2 });
    expect(Number((await taskRow(server, id)).attempts)).toBe(2);
    expect(await treeOf(fs, at(`${dir}-b`))).toEqual({ 'a.txt': 'a', 'b.txt': 'b' });
  });
});
