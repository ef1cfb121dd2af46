import type { FileHandle } from 'node:fs/promises';
import { BLOCK, decodeHeader, paddingAfter, TarFormatError, type TarEntryHeader } from './header';

const CHUNK = 1024 * 1024;

export interface TarEntry extends TarEntryHeader {
  /** Where the entry's bytes begin in the file. */
  offset: number;
}

async function readExactly(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) {
    throw new TarFormatError('the archive ends in the middle of an entry');
  }
  return buffer;
}

async function assertZeros(file: FileHandle, position: number, length: number): Promise<void> {
  for (let at = position; at < position + length; at += CHUNK) {
    const bytes = await readExactly(file, at, Math.min(CHUNK, position + length - at));
    if (bytes.some((byte) => byte !== 0)) {
      throw new TarFormatError('a byte of the archive padding was changed');
    }
  }
}

/**
 * The entries of a tar file, in order. Padding and the end of the archive are checked to
 * be zeros, so with the header checksums and the manifest's digests every byte is covered.
 */
export async function* tarEntries(file: FileHandle): AsyncGenerator<TarEntry> {
  const { size: fileSize } = await file.stat();
  let position = 0;
  while (position + BLOCK <= fileSize) {
    const block = await readExactly(file, position, BLOCK);
    if (block.every((byte) => byte === 0)) {
      await assertZeros(file, position, fileSize - position);
      return;
    }
    const header = decodeHeader(block);
    const offset = position + BLOCK;
    if (offset + header.size + paddingAfter(header.size) > fileSize) {
      throw new TarFormatError('the archive ends in the middle of an entry');
    }
    yield { ...header, offset };
    await assertZeros(file, offset + header.size, paddingAfter(header.size));
    position = offset + header.size + paddingAfter(header.size);
  }
  throw new TarFormatError('the archive has no end (truncated?)');
}

/** An entry's bytes, in chunks of up to 1 MiB. */
export async function* entryChunks(file: FileHandle, entry: TarEntry): AsyncGenerator<Buffer> {
  for (let at = 0; at < entry.size; at += CHUNK) {
    yield await readExactly(file, entry.offset + at, Math.min(CHUNK, entry.size - at));
  }
}

/** An entry's bytes at once: for the small ones (the manifest, a part of a table). */
export function entryBytes(file: FileHandle, entry: TarEntry): Promise<Buffer> {
  return readExactly(file, entry.offset, entry.size);
}
