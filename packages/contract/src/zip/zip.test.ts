import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { centralHeader, dataDescriptor, localHeader, MAX_32 } from './format';
import { zipLength } from './length';
import { zipReadableStream, ZipEntrySizeError, type WebZipEntry } from './web-stream';

const bytesOf = (length: number, seed = 7) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);

/** `bytes` as a stream of chunks of `size` bytes. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

function entry(name: string, bytes: Uint8Array, size = bytes.length): WebZipEntry {
  return {
    name,
    size,
    modifiedAt: new Date(2026, 10, 28, 12, 30, 14),
    open: () => Promise.resolve(chunked(bytes, 1000)),
  };
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) {
    parts.push(part);
  }
  return Buffer.concat(parts);
}

interface ReadEntry {
  name: string;
  flags: number;
  data: Buffer;
  crc: number;
}

/**
 * A reader of our own, through the end record and the central directory (classic fields
 * only: these archives are small), so the test does not take the writer's word for it.
 */
function readZip(archive: Buffer): ReadEntry[] {
  const end = archive.length - 22;
  expect(archive.readUInt32LE(end)).toBe(0x06054b50);
  const count = archive.readUInt16LE(end + 10);
  const centralSize = archive.readUInt32LE(end + 12);
  let at = archive.readUInt32LE(end + 16);
  expect(at + centralSize).toBe(end);
  const entries: ReadEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const flags = archive.readUInt16LE(at + 8);
    expect(archive.readUInt16LE(at + 10)).toBe(0); // stored
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const offset = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(archive.readUInt32LE(offset)).toBe(0x04034b50);
    const localName = archive.readUInt16LE(offset + 26);
    const localExtra = archive.readUInt16LE(offset + 28);
    const dataAt = offset + 30 + localName + localExtra;
    const data = archive.subarray(dataAt, dataAt + size);
    if (!name.endsWith('/')) {
      // The data descriptor follows the bytes: signature, CRC, sizes.
      expect(archive.readUInt32LE(dataAt + size)).toBe(0x08074b50);
      expect(archive.readUInt32LE(dataAt + size + 4)).toBe(crc);
      expect(archive.readUInt32LE(dataAt + size + 8)).toBe(size);
    }
    entries.push({ name, flags, data, crc });
    at += 46 + nameLength + extraLength;
  }
  return entries;
}

describe('CRC-32 of the browser', () => {
  it('agrees with zlib, whole and continued chunk by chunk', () => {
    const bytes = bytesOf(100_003);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    const continued = crc32(bytes.subarray(40_000), crc32(bytes.subarray(0, 40_000)));
    expect(continued).toBe(zlibCrc32(bytes));
  });
});

describe('the streamed ZIP writer of the browser', () => {
  const first = bytesOf(70_000);
  const second = new TextEncoder().encode('Day 1: harbour. Day 2: 灯塔 (the lighthouse).\n');
  const entries = () => [
    entry('photos/', new Uint8Array(0), 0),
    entry('photos/sunrise.bin', first),
    entry('行程 notes.txt', second),
    entry('empty.txt', new Uint8Array(0)),
  ];

  it('writes an archive of the announced length that a reader and unzip take back', async () => {
    const archive = await collect(zipReadableStream(entries()));
    expect(archive.length).toBe(zipLength(entries()));
    const read = readZip(archive);
    expect(read.map((item) => item.name)).toEqual([
      'photos/',
      'photos/sunrise.bin',
      '行程 notes.txt',
      'empty.txt',
    ]);
    expect(read[1]?.data.equals(first)).toBe(true);
    expect(read[1]?.crc).toBe(zlibCrc32(first));
    expect(read[2]?.data.equals(second)).toBe(true);
    expect(read.every((item) => (item.flags & 0x0800) !== 0)).toBe(true);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-zip-'));
    try {
      const file = path.join(dir, 'archive.zip');
      fs.writeFileSync(file, archive);
      expect(execFileSync('unzip', ['-tq', file]).toString()).toMatch(/No errors/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the same archive whichever CRC-32 it sums with (the server uses zlib)', async () => {
    const withTable = await collect(zipReadableStream(entries()));
    const withZlib = await collect(
      zipReadableStream(entries(), { crc32: (bytes, previous) => zlibCrc32(bytes, previous) }),
    );
    expect(withZlib.equals(withTable)).toBe(true);
  });

  it('opens one entry at a time, only when the reader gets to it', async () => {
    const opened: string[] = [];
    const watched = entries().map((item) => ({
      ...item,
      open: (signal: AbortSignal) => {
        opened.push(item.name);
        return item.open(signal);
      },
    }));
    const reader = zipReadableStream(watched).getReader();
    await reader.read(); // the folder's header
    await reader.read(); // the first file's header
    expect(opened).toEqual([]);
    await reader.read(); // its first chunk
    expect(opened).toEqual(['photos/sunrise.bin']);
    await reader.cancel();
  });

  it.each([
    ['fewer', 10],
    ['more', -10],
  ])('errors when an entry yields %s bytes than announced', async (_, missing) => {
    const wrong = entry('short.bin', bytesOf(500), 500 + missing);
    await expect(collect(zipReadableStream([wrong]))).rejects.toBeInstanceOf(ZipEntrySizeError);
  });

  it('errors when an entry fails, and cancels what it was reading when cancelled', async () => {
    const failing: WebZipEntry = {
      ...entry('broken.bin', bytesOf(10)),
      open: () => Promise.reject(new Error('the member could not be fetched')),
    };
    await expect(collect(zipReadableStream([failing]))).rejects.toThrow(/could not be fetched/);

    let cancelled = false;
    let aborted = false;
    const endless: WebZipEntry = {
      ...entry('endless.bin', bytesOf(10), 1_000_000),
      open: (signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        return Promise.resolve(
          new ReadableStream<Uint8Array>({
            pull: (controller) => controller.enqueue(bytesOf(100)),
            cancel: () => {
              cancelled = true;
            },
          }),
        );
      },
    };
    const reader = zipReadableStream([endless]).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(aborted).toBe(true);
    expect(cancelled).toBe(true);
  });

  it('refuses names that would extract outside the folder', () => {
    for (const name of ['/etc/passwd', '../up.txt', 'a/../b', 'back\\slash', '']) {
      expect(() => zipLength([{ name, size: 1 }])).toThrow(TypeError);
    }
  });
});

describe('ZIP64 in the shared layout', () => {
  const name = new TextEncoder().encode('huge.bin');
  const huge = 5 * 1024 ** 3;

  it('counts and writes 8-byte sizes for an entry of 4 GiB or more', () => {
    const header = Buffer.from(localHeader(name, huge, new Date(), false));
    expect(header.readUInt16LE(4)).toBe(45);
    expect(header.readUInt32LE(18)).toBe(MAX_32);
    expect(header.readUInt32LE(22)).toBe(MAX_32);
    const descriptor = Buffer.from(dataDescriptor(0x1234, huge));
    expect(descriptor.length).toBe(24);
    expect(Number(descriptor.readBigUInt64LE(8))).toBe(huge);
    const central = Buffer.from(
      centralHeader({
        name,
        size: huge,
        crc: 1,
        offset: 6 * 1024 ** 3,
        modifiedAt: new Date(),
        folder: false,
      }),
    );
    // ZIP64 extra after the name and the 9-byte timestamp: sizes, then the offset.
    const extra = 46 + name.length + 9;
    expect(central.readUInt16LE(extra)).toBe(0x0001);
    expect(central.readUInt16LE(extra + 2)).toBe(24);
    expect(Number(central.readBigUInt64LE(extra + 4))).toBe(huge);
    expect(Number(central.readBigUInt64LE(extra + 20))).toBe(6 * 1024 ** 3);
  });

  it('adds the ZIP64 end records to the length past 4 GiB', () => {
    const small = zipLength([{ name: 'a', size: 10 }]);
    // Local 30+1+9, data 10, descriptor 16; central 46+1+9; end 22.
    expect(small).toBe(30 + 1 + 9 + 10 + 16 + (46 + 1 + 9) + 22);
    const large = zipLength([{ name: 'huge.bin', size: huge }]);
    const local = 30 + 8 + 9 + 20 + huge + 24;
    const central = 46 + 8 + 9 + 4 + 16;
    expect(large).toBe(local + central + 22 + 56 + 20);
  });
});
