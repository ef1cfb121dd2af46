import { baseNameOf } from '@pastebox/contract/rules/virtual-path';
import type { ObjectStat } from '@/storage/driver';
import { compareNames } from './mount-table';
import { mimetypeOfName } from './mimetypes';
import type { MountRecord, VfsEntry } from './types';

/** What storages store when the uploader said nothing: no more than "unknown". */
const GENERIC = new Set(['application/octet-stream', 'binary/octet-stream']);

/** The stored type when it says something, else the one the name suggests. */
function typeOf(name: string, stored: string | null): string {
  const bare = stored?.split(';')[0]?.trim().toLowerCase();
  return bare && !GENERIC.has(bare) ? bare : mimetypeOfName(name);
}

/** A file as the file system shows it; the type comes from the name when storage has none. */
export function fileEntry(
  path: string,
  stat: Pick<ObjectStat, 'size' | 'etag' | 'lastModified' | 'contentType'>,
): VfsEntry {
  const name = baseNameOf(path);
  return {
    name,
    path,
    isDirectory: false,
    size: stat.size,
    modified: stat.lastModified,
    mimetype: typeOf(name, stat.contentType),
    etag: stat.etag,
    mount: null,
  };
}

/** A folder: a storage folder, a virtual folder above mounts, or a mount point (`mount`). */
export function folderEntry(
  path: string,
  mount: MountRecord | null = null,
  modified: Date | null = null,
): VfsEntry {
  return {
    name: baseNameOf(path),
    path,
    isDirectory: true,
    size: 0,
    modified,
    mimetype: null,
    etag: null,
    mount,
  };
}

/** Folders first, then names as people read them. */
export function compareEntries(a: VfsEntry, b: VfsEntry): number {
  if (a.isDirectory !== b.isDirectory) {
    return a.isDirectory ? -1 : 1;
  }
  return compareNames(a.name, b.name);
}
