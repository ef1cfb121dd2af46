import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { zipLength, zipStream, type ZipEntry } from '@/lib/zip';
import { bufferEntry, pythonRead, sha256, tempDir, unzipTest } from './zip-tools';

/**
 * ZIP64 by size and by offset, with real bytes: a 4 GiB + 3 entry, then a small one past
 * the 4 GiB mark. The archive is written to a sparse file (the zero chunks are skipped, not
 * written), so the test costs CPU, not disk. No database: named for SQLite so it runs once.
 */
const ZEROS = Buffer.alloc(1024 * 1024);
const BIG = 4 * 1024 ** 3 + 3;

function zeroEntry(name: string, size: number): ZipEntry {
  return {
    name,
    size,
    modifiedAt: new Date(),
    open: () =>
      Promise.resolve(
        Readable.from(
          (function* zeros() {
            for (let left = size; left > 0; left -= ZEROS.length) {
              yield left >= ZEROS.length ? ZEROS : ZEROS.subarray(0, left);
            }
          })(),
          { objectMode: false },
        ),
      ),
  };
}

/**
 * Writes the archive at its offsets, leaving a hole wherever a MiB of it is all zeros.
 * Zeros are found by content, not by the chunk being ZEROS: a stream read hands over what
 * it has buffered as one new Buffer, and a check by identity wrote all 4 GiB to disk.
 */
async function writeSparse(entries: ZipEntry[], file: string): Promise<number> {
  const handle = await fs.promises.open(file, 'w');
  let offset = 0;
  try {
    for await (const chunk of zipStream(entries)) {
      const bytes = chunk as Buffer;
      for (let at = 0; at < bytes.length; at += ZEROS.length) {
        const part = bytes.subarray(at, at + ZEROS.length);
        if (!part.equals(ZEROS.subarray(0, part.length))) {
          await handle.write(part, 0, part.length, offset + at);
        }
      }
      offset += bytes.length;
    }
    await handle.truncate(offset);
  } finally {
    await handle.close();
  }
  return offset;
}

describe('ZIP64', () => {
  const dir = tempDir('zip64-');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes an entry past 4 GiB and an entry beyond it that unzip and Python accept', async () => {
    const small = Buffer.from('after the big one');
    const entries = [zeroEntry('big/zeros.bin', BIG), bufferEntry('after.txt', small)];
    const file = path.join(dir, 'big.zip');
    const written = await writeSparse(entries, file);
    expect(written).toBe(zipLength(entries));
    expect(fs.statSync(file).size).toBe(written);
    expect(unzipTest(file)).toContain('No errors detected');
    const read = pythonRead(file, { hashUpTo: 1024 * 1024 });
    expect(read.get('big/zeros.bin')?.size).toBe(BIG);
    expect(read.get('after.txt')?.sha256).toBe(sha256(small));
  }, 300_000);
});
