import fs, { type Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { ListOptions, ListPage, ObjectStat } from './driver';
import { assertConfined, isLink } from './local-confine';
import { etagOfStats, isMissing } from './local-files';
import { normalisePrefix, RESERVED_ROOT_FOLDER, TEMP_FILE_PREFIX } from './keys';

/** The page when none is asked for: S3's own. */
const DEFAULT_PAGE = 1000;

/**
 * A directory is read whole for every page, so a caller that wants a whole large folder
 * (the mount file system) may ask for pages far bigger than S3's, and a folder of 10,000
 * files costs one read instead of ten.
 */
const MAX_PAGE = 100_000;

/** Files stat'ed between two turns of the event loop. */
const STAT_CHUNK = 256;

interface Entry {
  key: string;
  kind: 'object' | 'prefix';
}

/** Temp files, the multipart folder, and every symbolic link (storage/local-confine.ts). */
function isHidden(dirKey: string, entry: Dirent): boolean {
  return (
    isLink(entry) ||
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

/**
 * Stats of many files, in the order asked (null for one gone since). Synchronous stat in
 * short chunks: a promise per file costs four times the system call itself, and yielding
 * between chunks keeps the event loop free for other requests (a few ms at a time).
 */
async function statAll(root: string, keys: string[]): Promise<(ObjectStat | null)[]> {
  const stats: (ObjectStat | null)[] = [];
  for (let at = 0; at < keys.length; at += STAT_CHUNK) {
    if (at > 0) {
      await setImmediate();
    }
    for (const key of keys.slice(at, at + STAT_CHUNK)) {
      stats.push(objectStatSync(root, key));
    }
  }
  return stats;
}

function objectStatSync(root: string, key: string): ObjectStat | null {
  let stats: fs.Stats;
  try {
    // lstat: a name that became a link since the directory was read is not listed.
    stats = fs.lstatSync(path.join(root, key));
  } catch (error) {
    if (isMissing(error)) {
      return null;
    }
    throw error;
  }
  return stats.isFile()
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
 * opaque cursor (the last key returned). A prefix through a symbolic link is refused
 * (PathEscapeError), and links inside are not listed.
 */
export async function listLocal(
  root: string,
  rawPrefix: string,
  options: ListOptions = {},
): Promise<ListPage> {
  const prefix = normalisePrefix(rawPrefix);
  const limit = Math.min(Math.max(options.limit ?? DEFAULT_PAGE, 1), MAX_PAGE);
  const dirKey = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  await assertConfined(root, path.join(root, dirKey), prefix);
  const after = decodeCursor(options.cursor);
  const afterBytes = after === null ? null : Buffer.from(after, 'utf8');
  const all =
    options.delimiter === '/'
      ? await entriesOneLevel(root, prefix)
      : await entriesWalked(root, prefix, options.delimiter || undefined);
  // S3 orders keys by their UTF-8 bytes (JavaScript's < orders UTF-16 units); each key's
  // bytes are made once, not once per comparison.
  const sorted = all
    .map((entry) => ({ entry, bytes: Buffer.from(entry.key, 'utf8') }))
    .filter((item) => afterBytes === null || Buffer.compare(item.bytes, afterBytes) > 0)
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map((item) => item.entry);
  const page = sorted.slice(0, limit);
  const stats = await statAll(
    root,
    page.filter((entry) => entry.kind === 'object').map((entry) => entry.key),
  );
  const objects = stats.filter((stat): stat is ObjectStat => stat !== null);
  const prefixes = page.filter((entry) => entry.kind === 'prefix').map((entry) => entry.key);
  const last = page[page.length - 1];
  const more = sorted.length > limit && last !== undefined;
  return { objects, prefixes, cursor: more ? Buffer.from(last.key).toString('base64url') : null };
}
