import { centralHeaderLength, endLength, isFolderName, localPartLength } from './format';

/** What zipLength needs of an entry: the archive's layout depends on names and sizes only. */
export interface ZipEntryShape {
  /** Path inside the archive, '/'-separated, no leading slash; a folder ends in '/'. */
  name: string;
  /** Exact number of bytes the entry holds (0 for a folder). */
  size: number;
}

/** A name field holds 16 bits of length. */
const MAX_NAME_BYTES = 0xffff;

const utf8 = new TextEncoder();

/**
 * The UTF-8 bytes of an entry's name, as the writer stores it. A name that would extract
 * outside the folder (leading '/', '..' segment, backslash) or a size that is not a whole
 * byte count is the caller's bug: it throws, in zipLength and the writers alike.
 */
export function checkedEntry(entry: ZipEntryShape): {
  name: Uint8Array;
  size: number;
  folder: boolean;
} {
  const name = utf8.encode(entry.name);
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
 * Exact byte length of the archive the writers make of these entries (Content-Length). It
 * walks the same layout as a writer: offsets decide whether an entry's central header
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
