import { beforeAll, describe, expect, it } from 'vitest';
import type { FileSystem } from '@/vfs/types';
import {
  fresh,
  otherTarget,
  pathsOf,
  recordedCopy,
  treeOf,
  useCopyMounts,
  writeTree,
} from './copy-support';
import { eachStorage } from './support';

const FIVE = { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd', 'e.txt': 'e' };

eachStorage((target) => {
  describe(`copy engine: cancel, failures, resume [${target.name} → ${otherTarget(target).name}]`, () => {
    const fixture = useCopyMounts(target);
    const { home, away } = fixture;
    let fs: FileSystem;
    beforeAll(() => {
      fs = fixture.fs();
    });

    for (const route of ['across', 'within'] as const) {
      const targetOf = (dir: string) => (route === 'across' ? away(dir) : home(`${dir}-copy`));

      it(`stops at the next object boundary once cancelled (${route})`, async () => {
        const dir = fresh('cancel');
        await writeTree(fs, home(dir), FIVE);
        const controller = new AbortController();
        const reason = new Error('cancelled by the test');
        const { events, error } = await recordedCopy(fs, home(dir), targetOf(dir), {
          signal: controller.signal,
          react: (event) => {
            if (event.kind === 'file-done') {
              controller.abort(reason);
            }
          },
        });
        expect(error).toBe(reason);
        expect(pathsOf(events, 'file-start')).toEqual([home(`${dir}/a.txt`)]);
        expect(await treeOf(fs, targetOf(dir))).toEqual({ 'a.txt': 'a' });
      });

      it(`reports an object that fails and goes on with the others (${route})`, async () => {
        const dir = fresh('fail');
        await writeTree(fs, home(dir), { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
        // b disappears after the folder was listed: its copy fails, a and c still copy.
        const { events, error } = await recordedCopy(fs, home(dir), targetOf(dir), {
          react: async (event) => {
            if (event.kind === 'file-start' && event.path.endsWith('/a.txt')) {
              await fs.remove(home(`${dir}/b.txt`));
            }
          },
        });
        expect(error).toBeNull();
        expect(pathsOf(events, 'file-done')).toEqual([home(`${dir}/a.txt`), home(`${dir}/c.txt`)]);
        const failed = events.find((event) => event.kind === 'file-failed');
        expect(failed).toMatchObject({
          path: home(`${dir}/b.txt`),
          message: 'The file or folder does not exist',
        });
        expect(await treeOf(fs, targetOf(dir))).toEqual({ 'a.txt': 'a', 'c.txt': 'c' });
      });
    }

    it('resumes after a path: what came before it in walk order is neither copied nor reported', async () => {
      const dir = fresh('resume');
      await writeTree(fs, home(dir), {
        'a/1.txt': '1',
        'a/2.txt': '2',
        'b/3.txt': '3',
        'c.txt': 'c',
      });
      const { events, error } = await recordedCopy(fs, home(dir), away(dir), {
        resumeAfter: home(`${dir}/a/1.txt`),
      });
      expect(error).toBeNull();
      expect(pathsOf(events, 'file-start')).toEqual(
        ['a/2.txt', 'b/3.txt', 'c.txt'].map((name) => home(`${dir}/${name}`)),
      );
      const discovered = events.reduce(
        (sum, event) => sum + (event.kind === 'discovered' ? event.files : 0),
        0,
      );
      expect(discovered).toBe(3);
      expect(await treeOf(fs, away(dir))).toEqual({
        'a/': '',
        'a/2.txt': '2',
        'b/': '',
        'b/3.txt': '3',
        'c.txt': 'c',
      });
    });

    it('refuses a folder over a file and a file over a folder at the target', async () => {
      const dir = fresh('clash');
      await writeTree(fs, home(dir), { 'tree/x.txt': 'x', 'single.txt': 's' });
      await writeTree(fs, away(dir), { 'tree-file': 'f' });
      await fs.mkdir(away(`${dir}/folder`));
      const folderOverFile = await recordedCopy(fs, home(`${dir}/tree`), away(`${dir}/tree-file`));
      expect((folderOverFile.error as { code?: string }).code).toBe('NOT_A_FOLDER');
      const fileOverFolder = await recordedCopy(
        fs,
        home(`${dir}/single.txt`),
        away(`${dir}/folder`),
      );
      expect((fileOverFolder.error as { code?: string }).code).toBe('ALREADY_EXISTS');
    });
  });
});
