import type { Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ObjectNotFoundError } from './driver';
import { InvalidKeyError, normaliseFolderKey } from './keys';
import { isMissing, statFile } from './local-files';

/**
 * Folders of the local driver: real directories below its root. `dirOf` maps a folder key
 * to its directory and never leaves the root (the driver's pathOf rule); '' is the root.
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

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.dirOf(key))).isDirectory();
    } catch (error) {
      if (isMissing(error)) {
        return false;
      }
      throw error;
    }
  }

  async create(key: string): Promise<void> {
    await fsp.mkdir(this.dirOf(key), { recursive: true });
  }

  async delete(key: string): Promise<void> {
    const dir = this.dirOf(key);
    if (dir === this.root) {
      throw new InvalidKeyError(key, 'the storage root cannot be deleted');
    }
    await removeTree(dir);
  }

  /** rename(2): one step, whatever the size of the file or tree. */
  async moveFile(fromKey: string, toKey: string): Promise<void> {
    const source = this.pathOf(fromKey);
    const target = this.pathOf(toKey);
    if (!(await statFile(source))) {
      throw new ObjectNotFoundError(fromKey);
    }
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(source, target);
  }

  async moveFolder(fromKey: string, toKey: string): Promise<void> {
    const source = this.dirOf(fromKey);
    const target = this.dirOf(toKey);
    if (source === this.root || target === this.root) {
      throw new InvalidKeyError(fromKey, 'the storage root cannot be moved');
    }
    if (!(await this.exists(fromKey))) {
      throw new ObjectNotFoundError(fromKey);
    }
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(source, target);
  }
}

/**
 * Removes a folder and everything in it, one entry at a time. `fs.rm({ recursive })` walks
 * siblings in parallel and rejects at the first failure while the other branches go on in
 * the background: a caller that then removes what is left (WebDAV's member-by-member
 * DELETE) raced with them. Here a failure stops the walk with nothing left running.
 */
async function removeTree(dir: string): Promise<void> {
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
