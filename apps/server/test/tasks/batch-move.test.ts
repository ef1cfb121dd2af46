import type { TaskItem } from '@pastebox/contract/schemas/task';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileSystem } from '@/vfs/types';
import { createKey } from '../api-keys/builders';
import type { ApiClient } from '../support/api-client';
import { fresh, otherTarget, treeOf, writeTree } from '../vfs/copy-support';
import { useCopyMounts } from '../vfs/copy-support';
import { eachStorage } from '../vfs/support';
import { startMove, startedMove } from './move-support';
import { finishedTask } from './tasks-support';

/** Whether anything is at `path` for the admin. */
async function exists(fs: FileSystem, path: string): Promise<boolean> {
  return fs.stat(path).then(
    () => true,
    () => false,
  );
}

eachStorage((target) => {
  describe(`POST fs/batch-move [${target.name} → ${otherTarget(target).name}]`, () => {
    const fixture = useCopyMounts(target);
    const { home, twin, away } = fixture;
    let admin: ApiClient;
    let fs: FileSystem;
    beforeAll(() => {
      admin = fixture.admin();
      fs = fixture.fs();
    });
    /** Whichever of the two mounts is on local storage. */
    const local = () => (target.name === 'local' ? fixture.mounts().home : fixture.mounts().away);

    it('renames within a mount, a file and a folder, and answers 202 with a move task', async () => {
      const dir = fresh('same');
      await writeTree(fs, home(dir), { 'a.txt': 'alpha', 'sub/b.txt': 'beta' });
      const res = await startMove(admin, {
        items: [
          { sourcePath: home(`${dir}/a.txt`), targetPath: `${home(`${dir}/sub`)}/` },
          { sourcePath: home(`${dir}/sub`), targetPath: home(`${dir}/renamed`) },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.data.task).toMatchObject({
        type: 'move',
        status: 'pending',
        title: `${home(`${dir}/a.txt`)} → ${home(`${dir}/sub/a.txt`)} (+1)`,
      });
      const task = await finishedTask(admin, res.body.data.taskId);
      expect(task).toMatchObject({ status: 'completed', success_count: 2, failed_count: 0 });
      expect(await treeOf(fs, home(dir))).toEqual({
        'renamed/': '',
        'renamed/a.txt': 'alpha',
        'renamed/b.txt': 'beta',
      });
    });

    it('moves several items across storages: copied, then the sources removed', async () => {
      const dir = fresh('across');
      await writeTree(fs, home(dir), { 'f/a.txt': 'a', 'f/deep/b.txt': 'bb', 'one.txt': '1' });
      const id = await startedMove(admin, {
        items: [
          { sourcePath: home(`${dir}/f`), targetPath: `${away(dir)}/` },
          { sourcePath: home(`${dir}/one.txt`), targetPath: away(`${dir}/uno.txt`) },
          // Another mount of the same storage: a copy inside the storage, then a delete.
          { sourcePath: home(`${dir}/f`), targetPath: twin(`${dir}/never`) },
        ],
      });
      const task = await finishedTask(admin, id);
      // The third item's source went with the first: it fails alone, the task is partial.
      expect(task).toMatchObject({ status: 'partial', success_count: 3, failed_count: 1 });
      expect(task.failures[0]?.path).toBe(home(`${dir}/f`));
      expect(await treeOf(fs, away(dir))).toEqual({
        'f/': '',
        'f/a.txt': 'a',
        'f/deep/': '',
        'f/deep/b.txt': 'bb',
        'uno.txt': '1',
      });
      // The emptied folder stays, as after any move out of it.
      expect(await treeOf(fs, home(dir))).toEqual({});
    });

    it('moves between two mounts of one storage and merges into a folder already there', async () => {
      const dir = fresh('merge');
      await writeTree(fs, home(dir), { 'a.txt': 'new', 'b.txt': 'b' });
      // twin shows home's storage from its root: the same key under twin is the source itself.
      expect(
        (await startMove(admin, { items: [{ sourcePath: home(dir), targetPath: twin(dir) }] }))
          .status,
      ).toBe(400);
      await writeTree(fs, twin(`${dir}-t`), { 'a.txt': 'old', 'c.txt': 'c' });
      const id = await startedMove(admin, {
        items: [{ sourcePath: home(dir), targetPath: twin(`${dir}-t`) }],
      });
      expect(await finishedTask(admin, id)).toMatchObject({ status: 'completed' });
      expect(await treeOf(fs, twin(`${dir}-t`))).toEqual({
        'a.txt': 'new',
        'b.txt': 'b',
        'c.txt': 'c',
      });
      expect(await exists(fs, home(dir))).toBe(false);
    });

    it('keeps the source of an item that partly failed, and of one whose file was skipped', async () => {
      const dir = fresh('partial');
      const source = target.name === 'local' ? away(dir) : home(dir);
      await writeTree(fs, source, { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'ok.txt': 'ok' });
      // On local storage a folder where b.txt should go makes that one object fail.
      const into = `${local().mountPath}/${dir}-dst`;
      await writeTree(fs, into, { 'b.txt/inside.txt': 'in the way' });
      await fs.mkdir(`${source}-more`);
      await writeTree(fs, `${source}-more`, { 'x.txt': 'x' });
      const id = await startedMove(admin, {
        items: [
          { sourcePath: source, targetPath: into },
          { sourcePath: `${source}-more`, targetPath: `${into}-more` },
        ],
      });
      const task: TaskItem = await finishedTask(admin, id);
      expect(task).toMatchObject({ status: 'partial', success_count: 4, failed_count: 1 });
      expect(task.failures[0]?.path).toBe(`${source}/b.txt`);
      // Nothing of the failed item is lost: its source is whole, the copied files are there too.
      expect(await treeOf(fs, source)).toEqual({
        'a.txt': 'a',
        'b.txt': 'b',
        'c.txt': 'c',
        'ok.txt': 'ok',
      });
      expect(await treeOf(fs, into)).toMatchObject({ 'a.txt': 'a', 'ok.txt': 'ok' });
      expect(await exists(fs, `${source}-more`)).toBe(false);
      expect(await treeOf(fs, `${into}-more`)).toEqual({ 'x.txt': 'x' });

      const skip = fresh('skip');
      await writeTree(fs, home(skip), { 'a.txt': 'new', 'b.txt': 'b' });
      await writeTree(fs, away(skip), { 'a.txt': 'old' });
      const skipped = await finishedTask(
        admin,
        await startedMove(admin, {
          items: [{ sourcePath: home(skip), targetPath: away(skip) }],
          skipExisting: true,
        }),
      );
      expect(skipped).toMatchObject({ status: 'completed', success_count: 1, skipped_count: 1 });
      expect(await treeOf(fs, away(skip))).toEqual({ 'a.txt': 'old', 'b.txt': 'b' });
      expect(await treeOf(fs, home(skip))).toEqual({ 'a.txt': 'new', 'b.txt': 'b' });
    });

    it('refuses at once what cannot be moved, saying when source and target are the same', async () => {
      const dir = fresh('refuse');
      await writeTree(fs, home(dir), { 'sub/a.txt': 'a' });
      const refusals: [string, string, number, string][] = [
        [home(`${dir}/sub/a.txt`), `${home(`${dir}/sub`)}/`, 400, 'COPY_INTO_ITSELF'],
        [home(dir), home(dir), 400, 'COPY_INTO_ITSELF'],
        [home(dir), home(`${dir}/sub/deeper`), 400, 'COPY_INTO_ITSELF'],
        [home(`${dir}/missing`), `${away(dir)}/`, 404, 'PATH_NOT_FOUND'],
        [fixture.mounts().home.mountPath, `${away(dir)}/`, 400, 'PATH_OUTSIDE_MOUNT'],
        [home(dir), fixture.mounts().away.mountPath, 400, 'PATH_OUTSIDE_MOUNT'],
      ];
      for (const [sourcePath, targetPath, status, error] of refusals) {
        const res = await startMove(admin, { items: [{ sourcePath, targetPath }] });
        expect([res.status, res.body.error], `${sourcePath} → ${targetPath}`).toEqual([
          status,
          error,
        ]);
      }
      const same = await startMove(admin, {
        items: [{ sourcePath: home(`${dir}/sub/a.txt`), targetPath: `${home(`${dir}/sub`)}/` }],
      });
      expect(same.body.message).toBe(
        `${home(`${dir}/sub/a.txt`)} is already there: choose another folder`,
      );
      const tasks = await admin.get<TaskItem[]>('/api/admin/tasks?status=all');
      expect(tasks.body.data.filter((task) => task.title.includes(dir))).toEqual([]);
      expect(await treeOf(fs, home(dir))).toEqual({ 'sub/': '', 'sub/a.txt': 'a' });
    });

    it('lets a key move only what lies under its base path, in the user family', async () => {
      const dir = fresh('key');
      await writeTree(fs, home(`${dir}/mine`), { 'a.txt': 'a', 'b.txt': 'b' });
      await writeTree(fs, home(`${dir}/theirs`), { 'c.txt': 'c' });
      const item = await createKey(admin, {
        mount_permission: true,
        basic_path: home(`${dir}/mine`),
      });
      const key = admin.withApiKey(item.key);
      const refused: [string, string][] = [
        // A source the key may read the way down to, but not delete.
        [home(`${dir}/theirs/c.txt`), `${home(`${dir}/mine`)}/`],
        [home(dir), `${home(`${dir}/mine`)}/`],
        // Out of its base path, to where it cannot write.
        [home(`${dir}/mine/a.txt`), `${home(`${dir}/theirs`)}/`],
      ];
      for (const [sourcePath, targetPath] of refused) {
        const res = await startMove(key, { items: [{ sourcePath, targetPath }] });
        expect([res.status, res.body.error], sourcePath).toEqual([403, 'PATH_FORBIDDEN']);
      }
      const id = await startedMove(key, {
        items: [{ sourcePath: home(`${dir}/mine/a.txt`), targetPath: home(`${dir}/mine/z.txt`) }],
      });
      expect(await finishedTask(key, id)).toMatchObject({ type: 'move', status: 'completed' });
      expect(await treeOf(fs, home(dir))).toMatchObject({
        'mine/b.txt': 'b',
        'mine/z.txt': 'a',
        'theirs/c.txt': 'c',
      });
      // Another principal's task is not the key's to see; its own is not the admin's alone.
      expect((await admin.get<TaskItem>(`/api/admin/tasks/${id}`)).status).toBe(200);
    });
  });
});
