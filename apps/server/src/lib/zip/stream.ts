import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import {
  centralHeader,
  dataDescriptor,
  endOfArchive,
  localHeader,
  type WrittenEntry,
} from '@pastebox/contract/zip/format';
import { checkedEntry } from '@pastebox/contract/zip/length';
import type { ZipEntries, ZipEntry } from './types';

/** Central headers are sent in batches of about this many bytes, not one write each. */
const CENTRAL_BATCH_BYTES = 64 * 1024;

/** An entry whose stream yielded more or fewer bytes than it announced: the archive is cut. */
export class ZipEntrySizeError extends Error {
  constructor(name: string, expected: number, actual: string) {
    super(`ZIP entry ${name} yielded ${actual} bytes, ${expected} announced`);
    this.name = 'ZipEntrySizeError';
  }
}

type EntryStream = NodeJS.ReadableStream | Readable;

function destroyStream(stream: EntryStream, reason: unknown): void {
  if ('destroy' in stream && typeof stream.destroy === 'function') {
    stream.destroy(reason instanceof Error ? reason : undefined);
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The ZIP stream was aborted');
}

/**
 * The archive as a pull stream: an entry is opened only when the reader wants its bytes
 * (one at a time), and the next chunk is read from it only once the previous one was taken
 * (push returned true or _read was called again), so memory stays at a stream buffer or
 * two at any size. Destroying the stream, or the signal, aborts the entry being read.
 */
class ZipReadable extends Readable {
  private readonly controller = new AbortController();
  private pumpStarted = false;
  private waitingForRead: (() => void) | null = null;
  private openEntry: EntryStream | null = null;

  constructor(
    private readonly entries: ZipEntries,
    signal: AbortSignal | undefined,
  ) {
    super({ highWaterMark: 64 * 1024 });
    this.controller.signal.addEventListener('abort', () => {
      if (this.openEntry) {
        destroyStream(this.openEntry, this.controller.signal.reason);
      }
      this.wake();
    });
    if (signal) {
      const onAbort = () => this.destroy(abortReason(signal));
      if (signal.aborted) {
        queueMicrotask(onAbort);
      } else {
        signal.addEventListener('abort', onAbort, { once: true });
        this.once('close', () => signal.removeEventListener('abort', onAbort));
      }
    }
  }

  override _read(): void {
    if (!this.pumpStarted) {
      this.pumpStarted = true;
      this.run().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return;
    }
    this.wake();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.controller.signal.aborted) {
      this.controller.abort(error ?? new Error('The ZIP stream was closed before its end'));
    }
    callback(error);
  }

  private wake(): void {
    const waitingForRead = this.waitingForRead;
    this.waitingForRead = null;
    waitingForRead?.();
  }

  /** Hands a chunk to the reader; waits while the reader's buffer is full. */
  private async send(chunk: Uint8Array): Promise<void> {
    this.throwIfAborted();
    if (!this.push(chunk)) {
      await new Promise<void>((resolve) => {
        this.waitingForRead = resolve;
      });
      this.throwIfAborted();
    }
  }

  private throwIfAborted(): void {
    if (this.controller.signal.aborted) {
      throw abortReason(this.controller.signal);
    }
  }

  private async run(): Promise<void> {
    const written: WrittenEntry[] = [];
    let offset = 0;
    for await (const entry of this.entries) {
      this.throwIfAborted();
      const { name, size, folder } = checkedEntry(entry);
      const header = localHeader(name, size, entry.modifiedAt, folder);
      await this.send(header);
      const crc = folder ? 0 : await this.sendBytes(entry, size);
      if (!folder) {
        const descriptor = dataDescriptor(crc, size);
        await this.send(descriptor);
        written.push({ name, size, crc, offset, modifiedAt: entry.modifiedAt, folder });
        offset += header.length + size + descriptor.length;
      } else {
        written.push({ name, size, crc, offset, modifiedAt: entry.modifiedAt, folder });
        offset += header.length;
      }
    }
    await this.sendCentralDirectory(written, offset);
  }

  /**
   * Streams one entry's bytes through, computing its CRC-32; answers the CRC. Driven by
   * 'readable' and read() rather than for-await: an async iterator per entry was most of
   * the time of an archive of many small files (docs/zip.md).
   */
  private async sendBytes(entry: ZipEntry, size: number): Promise<number> {
    const opened = await entry.open(this.controller.signal);
    const stream = opened instanceof Readable ? opened : new Readable().wrap(opened);
    this.openEntry = stream;
    try {
      this.throwIfAborted();
      return await new Promise<number>((resolve, reject) => {
        let crc = 0;
        let seen = 0;
        // While the reader is full, a 'readable' from the entry waits for its _read too.
        let readerFull = false;
        const pump = (): void => {
          if (readerFull) {
            return;
          }
          if (this.controller.signal.aborted) {
            reject(abortReason(this.controller.signal));
            return;
          }
          let chunk: unknown;
          while ((chunk = stream.read()) !== null) {
            const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
            seen += bytes.length;
            if (seen > size) {
              reject(new ZipEntrySizeError(entry.name, size, `more than ${size}`));
              return;
            }
            crc = crc32(bytes, crc);
            if (!this.push(bytes)) {
              readerFull = true;
              this.waitingForRead = () => {
                readerFull = false;
                pump();
              };
              return;
            }
          }
        };
        stream.on('readable', pump);
        stream.once('end', () =>
          seen === size
            ? resolve(crc)
            : reject(new ZipEntrySizeError(entry.name, size, String(seen))),
        );
        stream.once('error', reject);
        stream.once('close', () =>
          reject(
            this.controller.signal.aborted
              ? abortReason(this.controller.signal)
              : new ZipEntrySizeError(entry.name, size, `${seen} (closed before its end)`),
          ),
        );
      });
    } finally {
      this.openEntry = null;
      stream.destroy();
    }
  }

  private async sendCentralDirectory(
    written: WrittenEntry[],
    centralOffset: number,
  ): Promise<void> {
    let centralSize = 0;
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    for (const entry of written) {
      const header = centralHeader(entry);
      batch.push(header);
      batchBytes += header.length;
      centralSize += header.length;
      if (batchBytes >= CENTRAL_BATCH_BYTES) {
        await this.send(Buffer.concat(batch, batchBytes));
        batch = [];
        batchBytes = 0;
      }
    }
    batch.push(endOfArchive(written.length, centralOffset, centralSize));
    await this.send(Buffer.concat(batch));
  }
}

/** The archive as a stream: stored entries, CRC-32 computed while streaming, ZIP64 when needed. */
export function zipStream(entries: ZipEntries, signal?: AbortSignal): Readable {
  return new ZipReadable(entries, signal);
}
