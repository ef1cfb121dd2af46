import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '@/context';
import { placeInAnyOrder } from '@/modules/fs/uploads/spooled-file';
import type { FilePart } from '@/modules/uploads/service';
import { spoolFolderOf } from '@/storage/temp-files';

/**
 * A file part spooled before its path (issue 29) is read back from DATA_DIR/tmp. If that
 * file is gone before it opens (the folder emptied at shutdown), the upload fails with the
 * error; the process must not die of an 'error' event nobody listened to (a CI run saw
 * `Uncaught ENOENT … .pastebox-tmp-form-…`).
 */
describe('a spooled form file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gone before it is read fails the upload, never the process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-spool-'));
    dirs.push(dataDir);
    const spool = spoolFolderOf(dataDir);
    const deps = { config: { DATA_DIR: dataDir } } as unknown as AppDeps;
    const file: FilePart = Readable.from([Buffer.from('spooled bytes')]);
    let formRead!: (fields: Record<string, string>) => void;
    const allFields = new Promise<Record<string, string>>((resolve) => (formRead = resolve));

    const placed = placeInAnyOrder(deps, {}, file, allFields, async (fields, body) => {
      // A store that awaits before it reads (a lookup, a reservation): the open fails then.
      await new Promise((resolve) => body.once('close', resolve));
      const chunks: Buffer[] = [];
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
      }
      return { fields, bytes: Buffer.concat(chunks).length };
    });
    await expect.poll(() => (fs.existsSync(spool) ? fs.readdirSync(spool) : [])).toHaveLength(1);
    await expect.poll(() => fs.statSync(path.join(spool, fs.readdirSync(spool)[0]!)).size).toBe(13);
    fs.rmSync(spool, { recursive: true, force: true });
    formRead({ path: '/somewhere' });

    await expect(placed).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
