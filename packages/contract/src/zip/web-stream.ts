import { crc32 as tableCrc32 } from './crc32';
import {
  centralHeader,
  dataDescriptor,
  endOfArchive,
  localHeader,
  type WrittenEntry,
} from './format';
import { checkedEntry, type ZipEntryShape } from './length';

/**
 * A ZIP archive as a Web Streams ReadableStream, in the layout of ./format.ts (stored
 * entries, data descriptors, ZIP64 when needed): what the service worker answers for an
 * end-to-end encrypted bundle's "Download all", where each entry is a member decrypted as
 * it is fetched. One entry is open at a time and a chunk is read from it only when the
 * archive's reader pulls, so memory stays at a chunk or two whatever the archive's size;
 * zipLength gives its exact length before the first byte.
 */

/** One member of the archive; a name ending in '/' is a folder (size 0, never opened). */
export interface WebZipEntry extends ZipEntryShape {
  modifiedAt: Date;
  /** Opened only when the entry's turn comes; the signal aborts when the archive is cancelled. */
  open(signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
}

/** An entry whose stream yielded more or fewer bytes than it announced: the archive is cut. */
export class ZipEntrySizeError extends Error {
  constructor(name: string, expected: number, actual: string) {
    super(`ZIP entry ${name} yielded ${actual} bytes, ${expected} announced`);
    this.name = 'ZipEntrySizeError';
  }
}

export interface WebZipOptions {
  /** CRC-32 continuing from `previous`; the table one by default. */
  crc32?: (bytes: Uint8Array, previous: number) => number;
}

/** An entry's bytes, checked against its announced size; the CRC lands in `sum.crc`. */
async function* entryBytes(
  entry: WebZipEntry,
  size: number,
  signal: AbortSignal,
  crc32: (bytes: Uint8Array, previous: number) => number,
  sum: { crc: number },
): AsyncGenerator<Uint8Array> {
  const reader = (await entry.open(signal)).getReader();
  let seen = 0;
  let ended = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        break;
      }
      seen += next.value.length;
      if (seen > size) {
        throw new ZipEntrySizeError(entry.name, size, `more than ${size}`);
      }
      sum.crc = crc32(next.value, sum.crc);
      yield next.value;
    }
    ended = true;
  } finally {
    if (!ended) {
      // Cut short (an error, or the archive cancelled): the entry's source stops too.
      reader.cancel().catch(() => undefined);
    }
    reader.releaseLock();
  }
  if (seen !== size) {
    throw new ZipEntrySizeError(entry.name, size, String(seen));
  }
}

async function* archiveChunks(
  entries: Iterable<WebZipEntry> | AsyncIterable<WebZipEntry>,
  signal: AbortSignal,
  crc32: (bytes: Uint8Array, previous: number) => number,
): AsyncGenerator<Uint8Array> {
  const written: WrittenEntry[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const { name, size, folder } = checkedEntry(entry);
    const header = localHeader(name, size, entry.modifiedAt, folder);
    const entryOffset = offset;
    const sum = { crc: 0 };
    yield header;
    offset += header.length;
    if (!folder) {
      yield* entryBytes(entry, size, signal, crc32, sum);
      const descriptor = dataDescriptor(sum.crc, size);
      yield descriptor;
      offset += size + descriptor.length;
    }
    written.push({
      name,
      size,
      crc: sum.crc,
      offset: entryOffset,
      modifiedAt: entry.modifiedAt,
      folder,
    });
  }
  const centralOffset = offset;
  let centralSize = 0;
  for (const entry of written) {
    const central = centralHeader(entry);
    centralSize += central.length;
    yield central;
  }
  yield endOfArchive(written.length, centralOffset, centralSize);
}

/**
 * The archive of `entries`, pulled chunk by chunk. An entry that errors, or yields more or
 * fewer bytes than announced, errors the stream (a reader sees a cut download, never a
 * valid archive missing a file); cancelling the stream aborts the entry being read.
 */
export function zipReadableStream(
  entries: Iterable<WebZipEntry> | AsyncIterable<WebZipEntry>,
  options: WebZipOptions = {},
): ReadableStream<Uint8Array> {
  const controller = new AbortController();
  const chunks = archiveChunks(entries, controller.signal, options.crc32 ?? tableCrc32);
  return new ReadableStream<Uint8Array>(
    {
      async pull(stream) {
        const next = await chunks.next();
        if (next.done) {
          stream.close();
        } else {
          stream.enqueue(next.value);
        }
      },
      async cancel(reason) {
        controller.abort(reason);
        await chunks.return(undefined).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
