import type { TaskItem } from '@pastebox/contract/schemas/task';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandler } from '@/jobs/types';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { fresh, writeTree } from '../vfs/copy-support';
import { fsOf, mountOn, type TestMount } from '../vfs/support';
import { finishedTask, startedCopy, taskOf, testRunner, waitFor } from './tasks-support';

const local = storageTargets().find((target) => target.name === 'local');
if (!local) {
  throw new Error('no local storage target');
}

/** Well under the lease renewal (10 s), which was the only read of the flag between writes. */
const WITHIN_MS = 3_000;

/**
 * The runner's cancel watch (issue 30): a job that writes no progress — one object that
 * cannot be interrupted, a stalled network — still learns of a cancel asked through
 * another instance within about a second, and ends `cancelled` even when its last object
 * finished after the cancel was seen.
 */
describe('the cancel watch of a running job', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  beforeAll(async () => {
    // No runner on the instance the API calls land on: the test's runner stands for another.
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    mount = await mountOn(server, admin, local);
  });
  afterAll(() => server.close());

  it('ends cancelled, not completed, when the object in flight finishes after the cancel', async () => {
    const dir = fresh('watch');
    await writeTree(fsOf(server), `${mount.mountPath}/${dir}`, { 'a.txt': 'a' });
    let sawAbort = false;
    // An object that cannot be cut: no progress, no boundary, done only once told to stop.
    const uninterruptible: JobHandler = (_job, context) =>
      new Promise<void>((resolve) => {
        context.signal.addEventListener('abort', () => {
          sawAbort = true;
          resolve();
        });
      });
    const runner = testRunner(server, { owner: 'elsewhere', copy: uninterruptible });
    runner.start();
    try {
      const id = await startedCopy(admin, {
        items: [{ sourcePath: `${mount.mountPath}/${dir}`, targetPath: `${mount.mountPath}/b` }],
      });
      await waitFor(
        () => taskOf(admin, id),
        (task) => task.status === 'running',
        'the task to run',
      );
      const started = performance.now();
      const asked = await admin.post<TaskItem>(`/api/admin/tasks/${id}/cancel`);
      expect(asked.body.data).toMatchObject({ status: 'running', cancel_requested: true });
      const task = await finishedTask(admin, id);
      const tookMs = performance.now() - started;
      expect(task.status).toBe('cancelled');
      expect(sawAbort).toBe(true);
      expect(tookMs).toBeLessThan(WITHIN_MS);
    } finally {
      await runner.stop();
    }
  });
});
