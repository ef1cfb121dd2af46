import { randomBytes } from 'node:crypto';
import type { TaskItem } from '@pastebox/contract/schemas/task';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileSystem } from '@/vfs/types';
import type { ApiClient } from '../support/api-client';
import { fresh, otherTarget, treeOf, useCopyMounts, writeTree } from '../vfs/copy-support';
import { eachStorage } from '../vfs/support';
import { finishedTask, startCopy, startedCopy } from './tasks-support';

eachStorage((target) => {
  describe(`POST fs/batch-copy [${target.name} → ${otherTarget(target).name}]`, () => {
    const fixture = useCopyMounts(target);
    const { home, away } = fixture;
    let admin: ApiClient;
    let fs: FileSystem;
    beforeAll(() => {
      admin = fixture.admin();
      fs = fixture.fs();
    });
    /** Whichever of the two mounts is on local storage. */
    const local = () => (target.name === 'local' ? fixture.mounts().home : fixture.mounts().away);

    it('answers 202 at once with the pending task, which completes with the right counts', async () => {
      const dir = fresh('api');
      const big = randomBytes(2 * 1024 * 1024 + 3);
      await writeTree(fs, home(dir), { 'a.txt': 'alpha', 'sub/b.bin': big });
      await fs.mkdir(home(`${dir}/empty`));
      const res = await startCopy(admin, {
        items: [{ sourcePath: home(dir), targetPath: `${away('dst')}/` }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const answer = res.body.data;
      expect(answer.requiresClientSideCopy).toBe(false);
      expect(answer.task).toMatchObject({
        id: answer.taskId,
        type: 'copy',
        status: 'pending',
        title: `${home(dir)} → ${away(`dst/${dir}`)}`,
        finished_at: null,
      });
      const task = await finishedTask(admin, answer.taskId);
      expect(task).toMatchObject({
        status: 'completed',
        total_items: 2,
        processed_items: 2,
        success_count: 2,
        skipped_count: 0,
        failed_count: 0,
        total_bytes: 5 + big.length,
        processed_bytes: 5 + big.length,
        current_file: null,
        error: null,
        failures: [],
        cancel_requested: false,
      });
      expect(task.started_at).not.toBeNull();
      expect(task.finished_at).not.toBeNull();
      const copied = await treeOf(fs, away(`dst/${dir}`));
      expect(Object.keys(copied)).toEqual(['a.txt', 'empty/', 'sub/', 'sub/b.bin']);
      expect(copied['a.txt']).toBe('alpha');
      const download = await admin.raw(
        `/api/admin/fs/download?path=${encodeURIComponent(away(`dst/${dir}/sub/b.bin`))}`,
      );
      expect(Buffer.from(await download.arrayBuffer()).equals(big)).toBe(true);
    });

    it('copies several items, a file to a full path and one within its storage', async () => {
      const dir = fresh('many');
      await writeTree(fs, home(dir), { 'one.txt': '1', 'two.txt': '22' });
      const id = await startedCopy(admin, {
        items: [
          { sourcePath: home(`${dir}/one.txt`), targetPath: away(`${dir}/uno.txt`) },
          { sourcePath: home(`${dir}/two.txt`), targetPath: `${home(`${dir}-same`)}/` },
        ],
      });
      const task = await finishedTask(admin, id);
      expect(task).toMatchObject({ status: 'completed', success_count: 2, processed_bytes: 3 });
      expect(task.title).toBe(`${home(`${dir}/one.txt`)} → ${away(`${dir}/uno.txt`)} (+1)`);
      expect(await treeOf(fs, away(dir))).toEqual({ 'uno.txt': '1' });
      expect(await treeOf(fs, home(`${dir}-same`))).toEqual({ 'two.txt': '22' });
    });

    it('counts the files skipExisting leaves alone', async () => {
      const dir = fresh('skip');
      await writeTree(fs, home(dir), { 'a.txt': 'new', 'b.txt': 'new' });
      await writeTree(fs, away(dir), { 'a.txt': 'old' });
      const id = await startedCopy(admin, {
        items: [{ sourcePath: home(dir), targetPath: away(dir) }],
        skipExisting: true,
      });
      const task = await finishedTask(admin, id);
      expect(task).toMatchObject({ status: 'completed', success_count: 1, skipped_count: 1 });
      expect(await treeOf(fs, away(dir))).toEqual({ 'a.txt': 'old', 'b.txt': 'new' });
    });

    it('ends partial when an object fails, naming it, and copies the rest', async () => {
      const dir = fresh('partial');
      const source = target.name === 'local' ? away(dir) : home(dir);
      await writeTree(fs, source, { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
      // On local storage a folder where b.txt should go makes that one object fail.
      const into = `${local().mountPath}/${dir}-dst`;
      await writeTree(fs, into, { 'b.txt/inside.txt': 'in the way' });
      const id = await startedCopy(admin, { items: [{ sourcePath: source, targetPath: into }] });
      const task: TaskItem = await finishedTask(admin, id);
      expect(task).toMatchObject({
        status: 'partial',
        success_count: 2,
        failed_count: 1,
        processed_items: 3,
      });
      expect(task.failures).toHaveLength(1);
      expect(task.failures[0]?.path).toBe(`${source}/b.txt`);
      // The storage's refusal is a typed file-system error (issue 29), worded as such.
      expect(task.failures[0]?.message).toBe('A file or folder with this name already exists');
      expect(task.failures[0]?.message).not.toContain(fixture.server().dataDir);
      expect(await treeOf(fs, into)).toMatchObject({ 'a.txt': 'a', 'c.txt': 'c' });
    });

    it('refuses at once what cannot be copied, and creates no task', async () => {
      const dir = fresh('refuse');
      await writeTree(fs, home(dir), { 'sub/a.txt': 'a' });
      const refusals: [string, string, number, string][] = [
        [home(dir), `${home(dir)}/`, 400, 'COPY_INTO_ITSELF'],
        [home(dir), home(`${dir}/sub/deeper`), 400, 'COPY_INTO_ITSELF'],
        [home(`${dir}/missing`), `${away(dir)}/`, 404, 'PATH_NOT_FOUND'],
        [home(dir), '/no-such-mount/', 404, 'PATH_NOT_FOUND'],
        [home(dir), fixture.mounts().away.mountPath, 400, 'PATH_OUTSIDE_MOUNT'],
        [home(`${dir}/../x`), `${away(dir)}/`, 400, 'PATH_INVALID'],
      ];
      for (const [sourcePath, targetPath, status, error] of refusals) {
        const res = await startCopy(admin, { items: [{ sourcePath, targetPath }] });
        expect([res.status, res.body.error], `${sourcePath} → ${targetPath}`).toEqual([
          status,
          error,
        ]);
      }
      const into = await startCopy(admin, {
        items: [{ sourcePath: home(dir), targetPath: `${home(dir)}/` }],
      });
      expect(into.body.message).toMatch(/into itself/);
      expect((await startCopy(admin, { items: [] })).status).toBe(400);
      const tasks = await admin.get<TaskItem[]>('/api/admin/tasks?status=all');
      expect(tasks.body.data.filter((task) => task.title.includes(dir))).toEqual([]);
    });
  });
});
