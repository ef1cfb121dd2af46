import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEMP_FILE_PREFIX } from '@/storage/keys';
import { sweepStaleTempFiles } from '@/storage/temp-files';

/**
 * A local folder delete renames the folder to a hidden temp name and then empties it
 * (LocalFolders.delete). A process that dies half-way leaves that folder behind: the temp
 * sweep removes it once stale, removing a link inside it, never following it.
 */
describe('the temp sweep and folders a dying delete left', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  function tempDir(prefix: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  }

  it('removes a stale hidden folder whole, links inside unfollowed', async () => {
    const root = tempDir('pastebox-sweep-root-');
    const outside = tempDir('pastebox-sweep-outside-');
    fs.writeFileSync(path.join(outside, 'keep.txt'), 'keep');
    const left = path.join(root, 'a', `${TEMP_FILE_PREFIX}0123456789abcdef`);
    fs.mkdirSync(path.join(left, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(left, 'sub', 'file.txt'), 'x');
    fs.symlinkSync(outside, path.join(left, 'link-out'));
    fs.writeFileSync(path.join(root, 'a', 'stored.txt'), 'stored');

    // Not stale yet: a delete may be emptying it right now.
    expect(await sweepStaleTempFiles(root, new Date(Date.now() - 60_000))).toBe(0);
    expect(fs.existsSync(left)).toBe(true);

    expect(await sweepStaleTempFiles(root, new Date(Date.now() + 60_000))).toBe(1);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.readFileSync(path.join(root, 'a', 'stored.txt'), 'utf8')).toBe('stored');
    expect(fs.readdirSync(outside)).toEqual(['keep.txt']);
  });
});
