import { centralHeaderLength, endLength, isFolderName, localPartLength } from './format';
import type { ZipEntryShape } from './types';

/** A name field holds 16 bits of length. */
const MAX_NAME_BYTES = 0xffff;

/**
 * The UTF-8 bytes of an entry's name, as the writer stores it. A name that would extract
 * outside the folder (leading '/', '..' segment, backslash) or a size that is not a whole
 * byte count is the caller's bug: it throws, in zipLength and the writer alike.
 */
export function checkedEntry(entry: ZipEntryShape): {
  name: Buffer;
  size: number;
  folder: boolean;
} {
  const name = Buffer.from(entry.name, 'utf8');
  const segments = entry.name.replace(/\/$/, '').split('/');
  const badName =
    name.length === 0 ||
    name.length > MAX_NAME_BYTES ||
    entry.name.includes('\\') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (badName) {
    throw new TypeError(`Not a ZIP entry name: ${JSON.stringify(entry.name)}`);
  }
  const folder = isFolderName(entry.name);
  if (!folder && (!Number.isSafeInteger(entry.size) || entry.size < 0)) {
    throw new TypeError(`Not a ZIP entry size: ${entry.size} (${entry.name})`);
  }
  return { name, size: folder ? 0 : entry.size, folder };
}

/**
 * Exact byte length of the archive zipStream writes for these entries (Content-Length). It
 * walks the same layout as the writer: offsets decide whether an entry's central header
 * needs a ZIP64 offset, so the sum is built in order rather than by formula.
 */
export function zipLength(entries: readonly ZipEntryShape[]): number {
  let offset = 0;
  let centralSize = 0;
  for (const entry of entries) {
    const { name, size, folder } = checkedEntry(entry);
    centralSize += centralHeaderLength(name.length, size, offset);
    offset += localPartLength(name.length, size, folder);
  }
  return offset + centralSize + endLength(entries.length, offset, centralSize);
}
