import { zipLength, type ZipEntry } from '@/lib/zip';
import { byCodeUnit } from '@/vfs/copy-order';
import type { FileSystem, VfsEntry } from '@/vfs/types';

/**
 * A folder of the caller's file system as a streamed ZIP (issue 33): walked depth first,
 * lazily, each file opened only when the archive reaches it, names relative to the folder.
 * The file system checks every path (base path, mounts) as it does for a listing.
 */

/**
 * Entries read ahead before the answer starts: a folder of up to this many entries gets a
 * Content-Length (the browser shows progress) for the memory of their names; a larger one
 * streams on as it is walked, without a length.
 */
export const LENGTH_KNOWN_UP_TO = 10_000;

export interface ZipDownload {
  /** The archive's name: the folder's (or file's) name and `.zip`. */
  filename: string;
  entries: ZipEntry[] | AsyncIterable<ZipEntry>;
  /** The exact archive length, when the whole walk fitted in the read-ahead. */
  length?: number;
}

/** A name as a ZIP holds it: a backslash would be a separator to Windows' extractor. */
function zipSafeSegment(name: string): string {
  return name.replaceAll('\\', '_');
}

function fileEntry(fs: FileSystem, entry: VfsEntry, name: string): ZipEntry {
  return {
    name,
    size: entry.size,
    modifiedAt: entry.modified ?? new Date(),
    open: async (signal) => {
      const { object } = await fs.read(entry.path);
      if (signal.aborted) {
        object.body.destroy();
      }
      return object.body;
    },
  };
}

/** A folder entry, so an empty folder is kept; it has no bytes and is never opened. */
function folderEntry(name: string, modifiedAt: Date | null): ZipEntry {
  return {
    name: `${name}/`,
    size: 0,
    modifiedAt: modifiedAt ?? new Date(),
    open: () => Promise.reject(new Error('A ZIP folder entry has no bytes')),
  };
}

async function* walkFolder(
  fs: FileSystem,
  folderPath: string,
  prefix: string,
): AsyncGenerator<ZipEntry> {
  const listing = await fs.list(folderPath);
  const entries = [...listing.entries].sort((a, b) => byCodeUnit(a.name, b.name));
  for (const entry of entries) {
    const name = `${prefix}${zipSafeSegment(entry.name)}`;
    if (entry.isDirectory) {
      yield folderEntry(name, entry.modified);
      yield* walkFolder(fs, entry.path, `${name}/`);
    } else {
      yield fileEntry(fs, entry, name);
    }
  }
}

async function* concat(head: ZipEntry[], rest: AsyncIterator<ZipEntry>): AsyncGenerator<ZipEntry> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    yield next.value;
  }
}

/**
 * What GET …/fs/download-zip answers: the path's own failures (NOT_FOUND, FORBIDDEN,
 * INVALID_PATH, a listing that fails) come before the first byte; the read-ahead decides
 * whether the answer carries a length.
 */
export async function zipDownload(fs: FileSystem, rawPath: string): Promise<ZipDownload> {
  const root = await fs.stat(rawPath);
  // '/' has no name of its own: the archive of every mount the caller sees.
  const filename = `${root.name === '' ? 'files' : zipSafeSegment(root.name)}.zip`;
  if (!root.isDirectory) {
    const entries = [fileEntry(fs, root, zipSafeSegment(root.name))];
    return { filename, entries, length: zipLength(entries) };
  }
  const walk = walkFolder(fs, root.path, '');
  const head: ZipEntry[] = [];
  while (head.length < LENGTH_KNOWN_UP_TO) {
    const next = await walk.next();
    if (next.done) {
      return { filename, entries: head, length: zipLength(head) };
    }
    head.push(next.value);
  }
  return { filename, entries: concat(head, walk) };
}
