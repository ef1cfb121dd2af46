import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ObjectNotFoundError, TargetExistsError, type FolderStat } from './driver';
import { InvalidKeyError, normaliseFolderKey, TEMP_FILE_PREFIX } from './keys';
import { lstatConfined } from './local-confine';
import { isMissing } from './local-files';

/**
 * Folders of the local driver: real directories below its root. `dirOf` maps a folder key
 * to its directory and never leaves the root (the driver's pathOf rule); '' is the root.
 * No call goes through a symbolic link (storage/local-confine.ts).
 *
 * A folder moves and goes in one rename(2), so parallel calls on one folder cannot split
 * it: exactly one of eight renames wins and takes every file along, the others find the
 * folder gone (ObjectNotFoundError); a delete first renames the folder out of sight.
 */
export class LocalFolders {
  constructor(
    private readonly root: string,
    private readonly pathOf: (key: string) => string,
  ) {}

  dirOf(key: string): string {
    const normal = normaliseFolderKey(key);
    return normal === '' ? this.root : this.pathOf(normal);
  }

  /** The directory of a folder key and its lstat; PathEscapeError through a link. */
  private async confined(key: string): Promise<{ dir: string; stats: fs.Stats | null }> {
    const dir = this.dirOf(key);
    return { dir, stats: await lstatConfined(this.root, dir, key) };
  }

  async exists(key: string): Promise<boolean> {
    const { stats } = await this.confined(key);
    return stats?.isDirectory() ?? false;
  }

  /** The directory's mtime: when a name in it last came or went. */
  async stat(key: string): Promise<FolderStat | null> {
    const { stats } = await this.confined(key);
    return stats?.isDirectory() ? { lastModified: stats.mtime } : null;
  }

  async create(key: string): Promise<void> {
    const { dir } = await this.confined(key);
    await fsp.mkdir(dir, { recursive: true });
  }

  /**
   * Renames the folder to a hidden temp name beside it (one step: a rename racing with
   * this either took the whole folder first or finds it gone), then empties that. When
   * something inside cannot be removed, what is left is put back under its name, so a
   * caller can go on member by member (WebDAV's 207) and nothing stays hidden.
   */
  async delete(key: string): Promise<void> {
    const { dir, stats } = await this.confined(key);
    if (dir === this.root) {
      throw new InvalidKeyError(key, 'the storage root cannot be deleted');
    }
    if (!stats?.isDirectory()) {
      throw new ObjectNotFoundError(key);
    }
    const hidden = path.join(
      path.dirname(dir),
      `${TEMP_FILE_PREFIX}${randomBytes(12).toString('hex')}`,
    );
    try {
      await fsp.rename(dir, hidden);
    } catch (error) {
      throw isGone(error) ? new ObjectNotFoundError(key) : error;
    }
    try {
      await removeTree(hidden);
    } catch (error) {
      await fsp.rename(hidden, dir).catch(() => undefined);
      throw error;
    }
  }

  /** rename(2): one step, whatever the size of the file. */
  async moveFile(fromKey: string, toKey: string): Promise<void> {
    const source = await this.confined(fromKey);
    const target = await this.confined(toKey);
    if (!source.stats?.isFile()) {
      throw new ObjectNotFoundError(fromKey);
    }
    await fsp.mkdir(path.dirname(target.dir), { recursive: true });
    try {
      await fsp.rename(source.dir, target.dir);
    } catch (error) {
      throw isGone(error) ? new ObjectNotFoundError(fromKey) : error;
    }
  }

  /**
   * One rename(2) of the directory. rename replaces an empty directory, so the target is
   * first claimed with mkdir (which fails when anything is there: TargetExistsError) and
   * the folder is renamed over that claim; a claim whose rename failed is removed.
   */
  async moveFolder(fromKey: string, toKey: string): Promise<void> {
    const source = await this.confined(fromKey);
    const target = await this.confined(toKey);
    if (source.dir === this.root || target.dir === this.root) {
      throw new InvalidKeyError(fromKey, 'the storage root cannot be moved');
    }
    if (!source.stats?.isDirectory()) {
      throw new ObjectNotFoundError(fromKey);
    }
    if (target.stats) {
      throw new TargetExistsError(toKey);
    }
    await fsp.mkdir(path.dirname(target.dir), { recursive: true });
    try {
      await fsp.mkdir(target.dir);
    } catch (error) {
      throw (error as NodeJS.ErrnoException).code === 'EEXIST'
        ? new TargetExistsError(toKey)
        : error;
    }
    try {
      await fsp.rename(source.dir, target.dir);
    } catch (error) {
      await fsp.rmdir(target.dir).catch(() => undefined);
      throw isGone(error) ? new ObjectNotFoundError(fromKey) : error;
    }
  }
}

/** ENOENT from a rename: the source went since it was checked (a parallel move or delete). */
function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Removes a folder and everything in it, one entry at a time. `fs.rm({ recursive })` walks
 * siblings in parallel and rejects at the first failure while the other branches go on in
 * the background: a caller that then removes what is left (WebDAV's member-by-member
 * DELETE) raced with them. Here a failure stops the walk with nothing left running. A
 * symbolic link inside is removed itself, never followed (a Dirent of a link is not a
 * directory, and rm unlinks a link).
 */
export async function removeTree(dir: string): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) {
      return;
    }
    throw error;
  }
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await removeTree(child);
    } else {
      await fsp.rm(child, { force: true });
    }
  }
  await fsp.rmdir(dir).catch((error: unknown) => {
    if (!isMissing(error)) {
      throw error;
    }
  });
}
