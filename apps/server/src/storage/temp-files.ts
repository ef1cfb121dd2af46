import type { Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from './local-files';
import { TEMP_FILE_PREFIX } from './keys';
import { removeTree } from './local-folders';

/**
 * How old (by mtime) a temp file must be before a sweep may remove it. A live upload
 * touches its temp file with every chunk it writes, and no request of this server lives
 * an hour without writing; so anything older was left by a process that died (`kill -9`,
 * a crash, the power). Age, not "older than this process's start", because several
 * instances may share the folder: one starting must not remove another's live uploads.
 */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60_000;

/**
 * DATA_DIR's own temp folder: a form's file part that arrived before the fields saying
 * where it goes waits here (modules/fs/uploads/spooled-file.ts). Its files are named like
 * every temp file and swept with them (sweepLocalTempFiles).
 */
export function spoolFolderOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'tmp');
}

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
    // A folder is renamed to its temp name when its delete starts: that sets its ctime.
    const touched = stats.isDirectory() ? Math.max(stats.mtimeMs, stats.ctimeMs) : stats.mtimeMs;
    if (!(stats.isFile() || stats.isDirectory()) || touched >= olderThanMs) {
      return false;
    }
    if (stats.isDirectory()) {
      await removeTree(file);
      return true;
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
 * with the prefix (keys.ts), so no stored object is ever taken for a temp file. A folder
 * with the prefix is a deleted folder whose removal a dying process left unfinished
 * (LocalFolders.delete): it goes whole, its links removed, never followed.
 */
export async function sweepStaleTempFiles(root: string, olderThan: Date): Promise<number> {
  const cutoff = olderThan.getTime();
  let removed = 0;
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of await entriesOf(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name.startsWith(TEMP_FILE_PREFIX)) {
        removed += (await removeIfStale(full, cutoff)) ? 1 : 0;
      } else if (entry.isDirectory()) {
        pending.push(full);
      } else if (entry.isFile() && entry.name.startsWith(TEMP_FILE_PREFIX)) {
        removed += (await removeIfStale(full, cutoff)) ? 1 : 0;
      }
    }
  }
  return removed;
}
