import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINISHED_TASK_RETENTION_MS } from '@/modules/tasks/service';
import { sweepOnce } from '@/sweeper';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { fresh, writeTree } from '../vfs/copy-support';
import { fsOf, mountOn, type TestMount } from '../vfs/support';
import { startedCopy, taskOf } from './tasks-support';

const local = storageTargets().find((target) => target.name === 'local');
if (!local) {
  throw new Error('no local storage target');
}

describe('finished tasks are swept after their retention', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  beforeAll(async () => {
    // No runner: the tasks stay pending until cancelled, so the test decides when they end.
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    mount = await mountOn(server, admin, local);
  });
  afterAll(() => server.close());

  /** A copy task that ends at once, cancelled while still pending. */
  async function finishedTaskNow(): Promise<string> {
    const dir = fresh('retention');
    await writeTree(fsOf(server), `${mount.mountPath}/${dir}`, { 'a.txt': 'a' });
    const id = await startedCopy(admin, {
      items: [{ sourcePath: `${mount.mountPath}/${dir}`, targetPath: `${mount.mountPath}/b/` }],
    });
    await admin.post(`/api/admin/tasks/${id}/cancel`);
    expect((await taskOf(admin, id)).status).toBe('cancelled');
    return id;
  }

  it('clears a task finished longer ago than the retention, keeps newer and active ones', async () => {
    const old = await finishedTaskNow();
    server.clock.advance(FINISHED_TASK_RETENTION_MS - 60_000);
    admin = await server.admin(); // the session of a month ago has expired
    const recent = await finishedTaskNow();
    const dir = fresh('active');
    await writeTree(fsOf(server), `${mount.mountPath}/${dir}`, { 'a.txt': 'a' });
    const active = await startedCopy(admin, {
      items: [{ sourcePath: `${mount.mountPath}/${dir}`, targetPath: `${mount.mountPath}/c/` }],
    });
    server.clock.advance(2 * 60_000);

    await sweepOnce(server.deps);

    expect((await admin.get(`/api/admin/tasks/${old}`)).status).toBe(404);
    expect((await taskOf(admin, recent)).status).toBe('cancelled');
    expect((await taskOf(admin, active)).status).toBe('pending');
  });
});
