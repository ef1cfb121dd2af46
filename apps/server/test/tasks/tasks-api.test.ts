import type { TaskItem } from '@pastebox/contract/schemas/task';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileSystem } from '@/vfs/types';
import { createMountKey } from '../fs/uploads-support';
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
  testRunner,
  waitFor,
} from './tasks-support';

const local = storageTargets().find((target) => target.name === 'local');
if (!local) {
  throw new Error('no local storage target');
}

describe('tasks: list, get, cancel, delete (admin)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  let fs: FileSystem;
  beforeAll(async () => {
    // No runner of its own: tasks stay pending until a test starts one.
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    mount = await mountOn(server, admin, local);
    fs = fsOf(server);
  });
  afterAll(() => server.close());

  const at = (rest: string) => `${mount.mountPath}/${rest}`;

  it('cancels a pending task at once; only a finished task can be cleared', async () => {
    const dir = fresh('pending');
    await writeTree(fs, at(dir), { 'a.txt': 'a' });
    const id = await startedCopy(admin, {
      items: [{ sourcePath: at(dir), targetPath: at(`${dir}-b`) }],
    });
    expect((await taskOf(admin, id)).status).toBe('pending');
    const active = await admin.get<TaskItem[]>('/api/admin/tasks?status=active');
    expect(active.body.data.map((task) => task.id)).toContain(id);

    const refused = await admin.delete(`/api/admin/tasks/${id}`);
    expect([refused.status, refused.body.error]).toEqual([409, 'TASK_NOT_FINISHED']);

    const cancelled = await admin.post<TaskItem>(`/api/admin/tasks/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancel_requested: true });
    expect(cancelled.body.data.finished_at).not.toBeNull();
    // Cancelling a finished task changes nothing.
    const again = await admin.post<TaskItem>(`/api/admin/tasks/${id}/cancel`);
    expect(again.body.data).toMatchObject({ status: 'cancelled' });
    const finished = await admin.get<TaskItem[]>('/api/admin/tasks?status=finished');
    expect(finished.body.data.map((task) => task.id)).toContain(id);
    const stillActive = await admin.get<TaskItem[]>('/api/admin/tasks?status=active');
    expect(stillActive.body.data.map((task) => task.id)).not.toContain(id);

    const cleared = await admin.delete(`/api/admin/tasks/${id}`);
    expect(cleared.status).toBe(200);
    const gone = await admin.get(`/api/admin/tasks/${id}`);
    expect([gone.status, gone.body.error]).toEqual([404, 'TASK_NOT_FOUND']);
    expect((await admin.delete(`/api/admin/tasks/${id}`)).status).toBe(404);
    expect((await admin.post(`/api/admin/tasks/${id}/cancel`)).status).toBe(404);
    expect(await treeOf(fs, at(dir))).toEqual({ 'a.txt': 'a' });
    expect((await fs.list(mount.mountPath)).entries.map((entry) => entry.name)).not.toContain(
      `${dir}-b`,
    );
  });

  it('stops a running task at the next object boundary once cancelled', async () => {
    const dir = fresh('running');
    await writeTree(fs, at(dir), { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd' });
    const id = await startedCopy(admin, {
      items: [{ sourcePath: at(dir), targetPath: at(`${dir}-b`) }],
    });
    const point = stall();
    const runner = testRunner(server, { owner: 'cancel-runner', copy: stalledCopy(server, point) });
    runner.start();
    try {
      await point.reached;
      const running = await taskOf(admin, id);
      expect(running).toMatchObject({ status: 'running', success_count: 1, total_items: 4 });
      expect(running.current_file).toBe(at(`${dir}/a.txt`));
      const asked = await admin.post<TaskItem>(`/api/admin/tasks/${id}/cancel`);
      expect(asked.body.data).toMatchObject({ status: 'running', cancel_requested: true });
      expect((await admin.delete(`/api/admin/tasks/${id}`)).status).toBe(409);
      point.release();
      const task = await finishedTask(admin, id);
      expect(task).toMatchObject({ status: 'cancelled', success_count: 1, processed_items: 1 });
      expect(await treeOf(fs, at(`${dir}-b`))).toEqual({ 'a.txt': 'a' });
    } finally {
      point.release();
      await runner.stop();
    }
  });

  it('lists newest first, honours limit, and checks the query', async () => {
    const dir = fresh('list');
    await writeTree(fs, at(dir), { 'a.txt': 'a' });
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      ids.push(
        await startedCopy(admin, {
          items: [{ sourcePath: at(dir), targetPath: at(`${dir}-${n}`) }],
        }),
      );
      server.clock.advance(1000);
    }
    const two = await admin.get<TaskItem[]>('/api/admin/tasks?status=all&limit=2');
    expect(two.body.data.map((task) => task.id)).toEqual([ids[2], ids[1]]);
    expect((await admin.get('/api/admin/tasks?status=sleeping')).status).toBe(400);
    expect((await admin.get('/api/admin/tasks?limit=0')).status).toBe(400);
    expect((await server.anon.get('/api/admin/tasks')).status).toBe(401);
    for (const id of ids) {
      await admin.post(`/api/admin/tasks/${id}/cancel`);
    }
  });
});

describe('tasks of API keys', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mount: TestMount;
  let fs: FileSystem;
  let keyA: ApiClient;
  let keyB: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    mount = await mountOn(server, admin, local);
    fs = fsOf(server);
    keyA = await createMountKey(server, { basicPath: `${mount.mountPath}/a` });
    keyB = await createMountKey(server, { basicPath: `${mount.mountPath}/b` });
    await writeTree(fs, `${mount.mountPath}/a`, { 'mine.txt': 'A' });
    await writeTree(fs, `${mount.mountPath}/b`, { 'theirs.txt': 'B' });
  });
  afterAll(() => server.close());

  const at = (rest: string) => `${mount.mountPath}/${rest}`;

  it('a key copies inside its base path and sees, cancels and clears only its own tasks', async () => {
    const adminTask = await startedCopy(admin, {
      items: [{ sourcePath: at('b'), targetPath: at('b2') }],
    });
    const keyTask = await startedCopy(keyA, {
      items: [{ sourcePath: at('a/mine.txt'), targetPath: at('a/copy/') }],
    });
    const done = await finishedTask(keyA, keyTask);
    expect(done).toMatchObject({ status: 'completed', success_count: 1 });
    expect(done.created_by).toMatch(/^apikey:/);
    expect(await treeOf(fs, at('a/copy'))).toEqual({ 'mine.txt': 'A' });
    await finishedTask(admin, adminTask);

    const listed = await keyA.get<TaskItem[]>('/api/user/tasks');
    expect(listed.body.data.map((task) => task.id)).toEqual([keyTask]);
    expect((await keyB.get<TaskItem[]>('/api/user/tasks')).body.data).toEqual([]);
    for (const call of [
      () => keyA.get(`/api/user/tasks/${adminTask}`),
      () => keyA.post(`/api/user/tasks/${adminTask}/cancel`),
      () => keyA.delete(`/api/user/tasks/${adminTask}`),
      () => keyB.delete(`/api/user/tasks/${keyTask}`),
    ]) {
      const res = await call();
      expect([res.status, res.body.error]).toEqual([404, 'TASK_NOT_FOUND']);
    }
    const all = await admin.get<TaskItem[]>('/api/admin/tasks');
    expect(all.body.data.map((task) => task.id).sort()).toEqual([adminTask, keyTask].sort());
    expect((await keyA.delete(`/api/user/tasks/${keyTask}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/tasks/${keyTask}`)).status).toBe(404);
    // The admin's family is the admin's.
    expect((await keyA.get('/api/admin/tasks')).status).toBe(403);
  });

  it('a key cannot copy from or into anything outside its base path', async () => {
    const refusals: [string, string, number, string][] = [
      [at('b/theirs.txt'), at('a/'), 403, 'PATH_FORBIDDEN'],
      [at('a/mine.txt'), at('b/'), 403, 'PATH_FORBIDDEN'],
      [at('a/mine.txt'), at('a-sibling/'), 403, 'PATH_FORBIDDEN'],
      [at('a'), '/', 403, 'PATH_FORBIDDEN'],
      [at('a/../b/theirs.txt'), at('a/'), 400, 'PATH_INVALID'],
      [at('a/mine.txt'), at('a/%2e%2e/b/'), 400, 'PATH_INVALID'],
    ];
    for (const [sourcePath, targetPath, status, error] of refusals) {
      const res = await keyA.post('/api/user/fs/batch-copy', {
        items: [{ sourcePath, targetPath }],
      });
      expect([res.status, res.body.error], `${sourcePath} → ${targetPath}`).toEqual([
        status,
        error,
      ]);
    }
    expect((await keyA.get<TaskItem[]>('/api/user/tasks')).body.data).toEqual([]);
    expect(await treeOf(fs, at('b'))).toEqual({ 'theirs.txt': 'B' });
  });

  it('a key without mount permission reaches neither tasks nor batch-copy', async () => {
    const textOnly = await createMountKey(server, { mount: false });
    expect((await textOnly.get('/api/user/tasks')).status).toBe(403);
    const copy = await textOnly.post('/api/user/fs/batch-copy', {
      items: [{ sourcePath: at('a/mine.txt'), targetPath: at('a/x/') }],
    });
    expect(copy.status).toBe(403);
    expect((await server.anon.get('/api/user/tasks')).status).toBe(401);
    await waitFor(
      () => admin.get<TaskItem[]>('/api/admin/tasks?status=active'),
      (res) => res.body.data.length === 0,
      'no active task',
    );
  });
});
