import type { Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ListOptions, ListPage, ObjectStat } from './driver';
import { etagOfStats, isMissing, statFile } from './local-files';
import { normalisePrefix, RESERVED_ROOT_FOLDER, TEMP_FILE_PREFIX } from './keys';

const MAX_PAGE = 1000;

interface Entry {
  key: string;
  kind: 'object' | 'prefix';
}

/** S3 orders keys by their UTF-8 bytes; JavaScript's < orders UTF-16 units. */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function isHidden(dirKey: string, entry: Dirent): boolean {
  return (
    entry.name.startsWith(TEMP_FILE_PREFIX) ||
    (dirKey === '' && entry.name === RESERVED_ROOT_FOLDER)
  );
}

async function readDirectory(root: string, dirKey: string): Promise<Dirent[]> {
  try {
    return await fsp.readdir(path.join(root, dirKey), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) {
      return [];
    }
    throw error;
  }
}

/** Files below `dirKey` (a '' or 'a/b/' folder key), recursively, as object keys. */
async function walkFiles(root: string, dirKey: string, out: string[]): Promise<void> {
  for (const entry of await readDirectory(root, dirKey)) {
    if (isHidden(dirKey, entry)) {
      continue;
    }
    const key = `${dirKey}${entry.name}`;
    if (entry.isDirectory()) {
      await walkFiles(root, `${key}/`, out);
    } else if (entry.isFile()) {
      out.push(key);
    }
  }
}

/** With '/' as delimiter only one directory is read: its files and its sub-folders. */
async function entriesOneLevel(root: string, prefix: string): Promise<Entry[]> {
  const cut = prefix.lastIndexOf('/') + 1;
  const dirKey = prefix.slice(0, cut);
  const namePrefix = prefix.slice(cut);
  const entries: Entry[] = [];
  for (const entry of await readDirectory(root, dirKey)) {
    if (isHidden(dirKey, entry) || !entry.name.startsWith(namePrefix)) {
      continue;
    }
    if (entry.isDirectory()) {
      entries.push({ key: `${dirKey}${entry.name}/`, kind: 'prefix' });
    } else if (entry.isFile()) {
      entries.push({ key: `${dirKey}${entry.name}`, kind: 'object' });
    }
  }
  return entries;
}

/** Any other delimiter (or none): walk the subtree, then group as S3 does. */
async function entriesWalked(root: string, prefix: string, delimiter?: string): Promise<Entry[]> {
  const keys: string[] = [];
  await walkFiles(root, prefix.slice(0, prefix.lastIndexOf('/') + 1), keys);
  const prefixes = new Set<string>();
  const entries: Entry[] = [];
  for (const key of keys) {
    if (!key.startsWith(prefix)) {
      continue;
    }
    const at = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    if (delimiter && at >= 0) {
      prefixes.add(key.slice(0, at + delimiter.length));
    } else {
      entries.push({ key, kind: 'object' });
    }
  }
  return [...entries, ...[...prefixes].map((key) => ({ key, kind: 'prefix' as const }))];
}

async function objectStat(root: string, key: string): Promise<ObjectStat | null> {
  const stats = await statFile(path.join(root, key));
  return stats
    ? {
        key,
        size: stats.size,
        etag: etagOfStats(stats),
        lastModified: stats.mtime,
        contentType: null,
      }
    : null;
}

function decodeCursor(cursor: string | null | undefined): string | null {
  return cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : null;
}

/**
 * One page of a local directory listed the way S3's ListObjectsV2 lists a bucket: keys
 * and common prefixes in UTF-8 byte order, `limit` entries at most, resumable from an
 * opaque cursor (the last key returned).
 */
export async function listLocal(
  root: string,
  rawPrefix: string,
  options: ListOptions = {},
): Promise<ListPage> {
  const prefix = normalisePrefix(rawPrefix);
  const limit = Math.min(Math.max(options.limit ?? MAX_PAGE, 1), MAX_PAGE);
  const after = decodeCursor(options.cursor);
  const all =
    options.delimiter === '/'
      ? await entriesOneLevel(root, prefix)
      : await entriesWalked(root, prefix, options.delimiter || undefined);
  const sorted = all
    .filter((entry) => after === null || compareKeys(entry.key, after) > 0)
    .sort((a, b) => compareKeys(a.key, b.key));
  const page = sorted.slice(0, limit);
  const objects: ObjectStat[] = [];
  const prefixes: string[] = [];
  for (const entry of page) {
    if (entry.kind === 'prefix') {
      prefixes.push(entry.key);
      continue;
    }
    const stat = await objectStat(root, entry.key);
    if (stat) {
      objects.push(stat);
    }
  }
  const last = page[page.length - 1];
  const more = sorted.length > limit && last !== undefined;
  return { objects, prefixes, cursor: more ? Buffer.from(last.key).toString('base64url') : null };
}
