import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCopy, planCopy } from '@/vfs/copy-plan';
import type { FileSystem } from '@/vfs/types';
import { codeOf } from './codes';
import {
  bytesFlowed,
  contentOf,
  fresh,
  otherTarget,
  pathsOf,
  recordedCopy,
  treeOf,
  useCopyMounts,
  writeTree,
} from './copy-support';
import { eachStorage } from './support';

eachStorage((target) => {
  describe(`copy engine [${target.name}; across: ${target.name} → ${otherTarget(target).name}]`, () => {
    const fixture = useCopyMounts(target);
    const { home, twin, away } = fixture;
    let fs: FileSystem;
    beforeAll(() => {
      fs = fixture.fs();
    });

    it('copies one file across storages, streamed, byte for byte, reporting its bytes', async () => {
      const dir = fresh('one');
      const content = randomBytes(3 * 1024 * 1024 + 17);
      await writeTree(fs, home(dir), { 'photo.bin': content });
      const { events, error } = await recordedCopy(
        fs,
        home(`${dir}/photo.bin`),
        away(`${dir}/p.bin`),
      );
      expect(error).toBeNull();
      expect(events[0]).toEqual({ kind: 'discovered', files: 1, bytes: content.length });
      expect(events.at(-1)).toEqual({
        kind: 'file-done',
        path: home(`${dir}/photo.bin`),
        size: content.length,
        outcome: 'copied',
      });
      expect(bytesFlowed(events)).toBe(content.length);
      const { object } = await fs.read(away(`${dir}/p.bin`));
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) {
        chunks.push(chunk as Buffer);
      }
      expect(Buffer.concat(chunks).equals(content)).toBe(true);
    });

    it('copies inside one storage config server-side: no byte passes through the server', async () => {
      const dir = fresh('same');
      await writeTree(fs, home(dir), { 'a.txt': 'alpha', 'sub/b.txt': 'beta' });
      const within = await recordedCopy(fs, home(dir), home(`${dir}-copy`));
      const twinned = await recordedCopy(fs, home(dir), twin(`${dir}-twin`));
      for (const { events, error } of [within, twinned]) {
        expect(error).toBeNull();
        expect(pathsOf(events, 'file-done')).toEqual([
          home(`${dir}/a.txt`),
          home(`${dir}/sub/b.txt`),
        ]);
        expect(bytesFlowed(events)).toBe(0);
      }
      const expected = { 'a.txt': 'alpha', 'sub/': '', 'sub/b.txt': 'beta' };
      expect(await treeOf(fs, home(`${dir}-copy`))).toEqual(expected);
      expect(await treeOf(fs, twin(`${dir}-twin`))).toEqual(expected);
    });

    it('copies a folder recursively across storages, empty folders included', async () => {
      const dir = fresh('tree');
      await writeTree(fs, home(dir), {
        'readme.md': '# hi',
        'docs/a.txt': 'a',
        'docs/deeper/b.txt': 'bb',
        'z.txt': 'zzz',
      });
      await fs.mkdir(home(`${dir}/empty`));
      await fs.mkdir(home(`${dir}/docs/hollow`));
      const { events, error } = await recordedCopy(fs, home(dir), away(`${dir}/into/${dir}`));
      expect(error).toBeNull();
      expect(await treeOf(fs, away(`${dir}/into/${dir}`))).toEqual({
        'docs/': '',
        'docs/a.txt': 'a',
        'docs/deeper/': '',
        'docs/deeper/b.txt': 'bb',
        'docs/hollow/': '',
        'empty/': '',
        'readme.md': '# hi',
        'z.txt': 'zzz',
      });
      const discovered = events.flatMap((event) => (event.kind === 'discovered' ? [event] : []));
      expect(discovered.reduce((sum, event) => sum + event.files, 0)).toBe(4);
      expect(discovered.reduce((sum, event) => sum + event.bytes, 0)).toBe(4 + 1 + 2 + 3);
      // Depth first, names in code-unit order: the order a resumed copy relies on.
      expect(pathsOf(events, 'file-done')).toEqual(
        ['docs/a.txt', 'docs/deeper/b.txt', 'readme.md', 'z.txt'].map((name) =>
          home(`${dir}/${name}`),
        ),
      );
    });

    it('honours skipExisting: files already at the target are left alone and counted', async () => {
      const dir = fresh('skip');
      await writeTree(fs, home(dir), { 'a.txt': 'new a', 'b.txt': 'new b' });
      await writeTree(fs, away(dir), { 'a.txt': 'old a' });
      const skipping = await recordedCopy(fs, home(dir), away(dir), { skipExisting: true });
      expect(skipping.error).toBeNull();
      const outcomes = skipping.events.flatMap((event) =>
        event.kind === 'file-done' ? [`${event.path.split('/').pop()}:${event.outcome}`] : [],
      );
      expect(outcomes).toEqual(['a.txt:skipped', 'b.txt:copied']);
      expect(await treeOf(fs, away(dir))).toEqual({ 'a.txt': 'old a', 'b.txt': 'new b' });
      const replacing = await recordedCopy(fs, home(dir), away(dir));
      expect(replacing.error).toBeNull();
      expect(await contentOf(fs, away(`${dir}/a.txt`))).toBe('new a');
    });

    it('refuses a folder copied into itself or its subfolder, also through a twin mount', async () => {
      const dir = fresh('self');
      await writeTree(fs, home(dir), { 'a.txt': 'a' });
      expect(await codeOf(fs.copy(home(dir), home(`${dir}/sub`), { skipExisting: false }))).toBe(
        'INTO_ITSELF',
      );
      expect(() => planCopy(fs, home(dir), `${home(dir)}/`)).toThrow(/into itself/);
      // Onto itself is said as such (issue 30), not as a copy into itself.
      expect(() => planCopy(fs, home(dir), home(dir))).toThrow(/is already there/);
      // Two mounts of one config share its keys: home/dir is twin/dir.
      const plan = planCopy(fs, home(dir), `${twin(dir)}/`);
      expect(plan.to).toBe(twin(`${dir}/${dir}`));
      expect(await codeOf(checkCopy(fs, plan))).toBe('INTO_ITSELF');
      expect(await codeOf(fs.copy(plan.from, plan.to, { skipExisting: false }))).toBe(
        'INTO_ITSELF',
      );
      expect(await treeOf(fs, home(dir))).toEqual({ 'a.txt': 'a' });
    });

    it('plans the target: a path ending in / is the folder to copy into', async () => {
      const dir = fresh('plan');
      await writeTree(fs, home(dir), { 'a.txt': 'a' });
      expect(planCopy(fs, home(`${dir}/a.txt`), `${away(dir)}/`)).toEqual({
        from: home(`${dir}/a.txt`),
        to: away(`${dir}/a.txt`),
      });
      expect(planCopy(fs, home(`${dir}/a.txt`), away(`${dir}/b.txt`)).to).toBe(
        away(`${dir}/b.txt`),
      );
      expect(await codeOf(checkCopy(fs, planCopy(fs, home(`${dir}/none`), `${away(dir)}/`)))).toBe(
        'NOT_FOUND',
      );
      expect(await codeOf(checkCopy(fs, planCopy(fs, home(dir), '/nowhere/')))).toBe('NOT_FOUND');
      expect(
        await codeOf(checkCopy(fs, planCopy(fs, home(dir), fixture.mounts().away.mountPath))),
      ).toBe('MOUNT_POINT');
    });
  });
});
