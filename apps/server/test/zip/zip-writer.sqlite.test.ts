import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { zipLength, zipStream, ZipEntrySizeError, type ZipEntry } from '@/lib/zip';
import {
  bufferEntry,
  folderEntry,
  patternBytes,
  pythonRead,
  sha256,
  tempDir,
  unzipInto,
  unzipTest,
} from './zip-tools';

// No database and no server: named for SQLite so that it runs once, not once per database.

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The archive written to a file; answers its path and length. */
async function writeArchive(entries: ZipEntry[]): Promise<{ file: string; bytes: number }> {
  const dir = tempDir('zip-writer-');
  dirs.push(dir);
  const file = path.join(dir, 'out.zip');
  await pipeline(zipStream(entries), fs.createWriteStream(file));
  return { file, bytes: fs.statSync(file).size };
}

const SHAPES: Record<string, () => ZipEntry[]> = {
  'no entry at all': () => [],
  'one empty file': () => [bufferEntry('empty.txt', Buffer.alloc(0))],
  'files of odd sizes in one-byte chunks and large chunks': () => [
    bufferEntry('a.bin', patternBytes(1, 1)),
    bufferEntry('b.bin', patternBytes(65_537, 2), new Date(), 1),
    bufferEntry('c.bin', patternBytes(3 * 1024 * 1024 + 5, 3), new Date(), 1024 * 1024),
  ],
  'UTF-8 names and nested folders with folder entries': () => [
    folderEntry('报告/'),
    bufferEntry('报告/2024 年.txt', Buffer.from('你好')),
    folderEntry('报告/空/'),
    bufferEntry('Ünïcødé/😀 emoji.txt', Buffer.from('smile')),
    bufferEntry('deep/a/b/c/d.txt', Buffer.from('deep')),
  ],
};

describe('zipStream and zipLength', () => {
  for (const [shape, entriesOf] of Object.entries(SHAPES)) {
    it(`writes what unzip and Python read back byte for byte, of zipLength's length: ${shape}`, async () => {
      const entries = entriesOf();
      const { file, bytes } = await writeArchive(entries);
      expect(bytes).toBe(zipLength(entries));
      const read = pythonRead(file);
      expect([...read.keys()]).toEqual(entries.map((entry) => entry.name));
      if (entries.length === 0) {
        // unzip calls an empty archive a warning (exit 1); Python opened it above.
        expect(bytes).toBe(22);
        return;
      }
      expect(unzipTest(file)).toContain('No errors detected');
      const extracted = unzipInto(file);
      dirs.push(extracted);
      for (const entry of entries) {
        if (entry.name.endsWith('/')) {
          expect(fs.statSync(path.join(extracted, entry.name)).isDirectory()).toBe(true);
          continue;
        }
        const original = Buffer.concat(
          await Readable.from(await entry.open(new AbortController().signal)).toArray(),
        );
        expect(read.get(entry.name)?.sha256).toBe(sha256(original));
        expect(sha256(fs.readFileSync(path.join(extracted, entry.name)))).toBe(sha256(original));
      }
    });
  }

  it('passes 65,535 entries with a ZIP64 end record; zipLength agrees', async () => {
    const entries = Array.from({ length: 70_000 }, (_, index) =>
      bufferEntry(`many/${index}.txt`, Buffer.from(String(index))),
    );
    const { file, bytes } = await writeArchive(entries);
    expect(bytes).toBe(zipLength(entries));
    expect(unzipTest(file)).toContain('No errors detected');
    // Every member's CRC is checked; only the one asserted on is hashed again.
    const read = pythonRead(file, { hashOnly: ['many/69999.txt'] });
    expect(read.size).toBe(70_000);
    expect(read.get('many/69999.txt')?.sha256).toBe(sha256('69999'));
  }, 120_000);

  it('keeps the modification time (DOS fields, local time; seconds to 2 s)', async () => {
    const when = new Date(2021, 5, 7, 8, 9, 10);
    const { file } = await writeArchive([bufferEntry('dated.txt', Buffer.from('x'), when)]);
    expect(pythonRead(file).get('dated.txt')?.date).toEqual([2021, 6, 7, 8, 9, 10]);
  });

  it('adds up lengths of ZIP64 shapes without reading them (sizes past 4 GiB, offsets past it)', () => {
    const big = 5 * 1024 ** 3;
    // local 30 + name + 9 + 20 (ZIP64 sizes) + data + 24 (ZIP64 descriptor);
    // central 46 + name + 9 + 20 (two sizes); end 22 + 56 + 20 (central directory past 4 GiB).
    expect(zipLength([{ name: 'big', size: big }])).toBe(
      30 + 3 + 9 + 20 + big + 24 + 46 + 3 + 9 + 20 + 22 + 76,
    );
    // The second entry's offset passes 4 GiB: its central header carries a ZIP64 offset.
    const two = zipLength([
      { name: 'big', size: big },
      { name: 'b', size: 1 },
    ]);
    expect(two - zipLength([{ name: 'big', size: big }])).toBe(
      30 + 1 + 9 + 1 + 16 + 46 + 1 + 9 + 12,
    );
  });

  it('refuses names that would extract elsewhere, and sizes that are not byte counts', () => {
    for (const name of ['', '/abs', 'a/../b', 'a//b', 'back\\slash', './a']) {
      expect(() => zipLength([{ name, size: 1 }]), name).toThrow(TypeError);
    }
    expect(() => zipLength([{ name: 'a', size: -1 }])).toThrow(TypeError);
    expect(() => zipLength([{ name: 'a', size: 1.5 }])).toThrow(TypeError);
  });

  it('fails the archive when an entry yields more or fewer bytes than announced', async () => {
    for (const size of [3, 5]) {
      const entry = { ...bufferEntry('lies.txt', Buffer.from('four')), size };
      await expect(writeArchive([entry])).rejects.toBeInstanceOf(ZipEntrySizeError);
    }
  });

  it('reads an entry only as fast as the archive is read (backpressure, one entry open)', async () => {
    let pulled = 0;
    let opened = 0;
    const endless = (name: string): ZipEntry => ({
      name,
      size: 1024 ** 3,
      modifiedAt: new Date(),
      open: () => {
        opened += 1;
        return Promise.resolve(
          new Readable({
            read() {
              pulled += 64 * 1024;
              this.push(Buffer.alloc(64 * 1024));
            },
          }),
        );
      },
    });
    const archive = zipStream([endless('one'), endless('two')]);
    let taken = 0;
    // A reader that takes 1 MiB, then stops reading.
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        taken += chunk.length;
        if (taken < 1024 * 1024) {
          callback();
        }
      },
    });
    archive.pipe(slow);
    await expect.poll(() => taken, { timeout: 5_000 }).toBeGreaterThanOrEqual(1024 * 1024);
    const pulledThen = pulled;
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBe(pulledThen);
    // What was read but not taken is a few stream buffers, not the entry.
    expect(pulled - taken).toBeLessThan(1024 * 1024);
    expect(opened).toBe(1);
    archive.destroy();
  });

  it('destroys the open entry stream and opens no other when the signal aborts', async () => {
    const controller = new AbortController();
    const source = new PassThrough();
    let secondOpened = false;
    const entries: ZipEntry[] = [
      { name: 'slow', size: 10, modifiedAt: new Date(), open: () => Promise.resolve(source) },
      {
        ...bufferEntry('next', Buffer.from('x')),
        open: () => ((secondOpened = true), Promise.resolve(Readable.from([]))),
      },
    ];
    const archive = zipStream(entries, controller.signal);
    const failed = new Promise<unknown>((resolve) => archive.once('error', resolve));
    archive.resume();
    source.write('abc');
    await expect.poll(() => archive.readableLength === 0 && source.readableLength === 0).toBe(true);
    controller.abort(new Error('client left'));
    expect(((await failed) as Error).message).toBe('client left');
    expect(source.destroyed).toBe(true);
    expect(secondOpened).toBe(false);
  });

  it('destroys the open entry stream when the archive stream is destroyed', async () => {
    const source = new PassThrough();
    const archive = zipStream([
      { name: 'slow', size: 10, modifiedAt: new Date(), open: () => Promise.resolve(source) },
    ]);
    archive.resume();
    source.write('abc');
    await expect.poll(() => source.listenerCount('readable')).toBeGreaterThan(0);
    archive.destroy();
    await expect.poll(() => source.destroyed).toBe(true);
  });
});
