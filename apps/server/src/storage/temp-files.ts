import type { Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from './local-files';
import { TEMP_FILE_PREFIX } from './keys';

/**
 * How old (by mtime) a temp file must be before a sweep may remove it. A live upload
 * touches its temp file with every chunk it writes, and no request of this server lives
 * an hour without writing; so anything older was left by a process that died (`kill -9`,
 * a crash, the power). Age, not "older than this process's start", because several
 * instances may share the folder: one starting must not remove another's live uploads.
 */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60_000;

async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    // A folder removed meanwhile (pruned after a delete, an aborted multipart) is fine.
    if (isMissing(error)) {
      return [];
    }
    throw error;
  }
}

async function removeIfStale(file: string, olderThanMs: number): Promise<boolean> {
  try {
    const stats = await fsp.lstat(file);
    if (!stats.isFile() || stats.mtimeMs >= olderThanMs) {
      return false;
    }
    await fsp.rm(file, { force: true });
    return true;
  } catch (error) {
    if (isMissing(error)) {
      return false;
    }
    throw error;
  }
}

/**
 * Removes the temp files (`.pastebox-tmp-*`, written by streamToTempFile, also inside
 * `.multipart/`) under a local storage root whose mtime is before `olderThan`; returns how
 * many went. Symbolic links are neither followed nor removed. Object keys can never start
 * with the prefix (keys.ts), so no stored object is ever taken for a temp file.
 */
export async function sweepStaleTempFiles(root: string, olderThan: Date): Promise<number> {
  const cutoff = olderThan.getTime();
  let removed = 0;
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of await entriesOf(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        pending.push(full);
      } else if (entry.isFile() && entry.name.startsWith(TEMP_FILE_PREFIX)) {
        removed += (await removeIfStale(full, cutoff)) ? 1 : 0;
      }
    }
  }
  return removed;
}
