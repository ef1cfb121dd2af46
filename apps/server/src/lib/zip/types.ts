import type { Readable } from 'node:stream';

/** One member of an archive; a name ending in '/' is a folder entry (size 0, never opened). */
export interface ZipEntry {
  /** Path inside the archive, '/'-separated, UTF-8, no leading slash; folders implied. */
  name: string;
  /** Exact number of bytes open() will yield. */
  size: number;
  modifiedAt: Date;
  /** Opened only when the entry's turn comes; the stream is destroyed on abort. */
  open(signal: AbortSignal): Promise<NodeJS.ReadableStream | Readable>;
}

export type ZipEntries = Iterable<ZipEntry> | AsyncIterable<ZipEntry>;

export type { ZipEntryShape } from '@pastebox/contract/zip/length';
