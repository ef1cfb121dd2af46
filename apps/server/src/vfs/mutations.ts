import type { Readable } from 'node:stream';
import { isAtOrUnder, parentOf } from '@pastebox/contract/rules/virtual-path';
import type { StorageDriver } from '@/storage/driver';
import { fileEntry, folderEntry } from './entries';
import type { MountTable, Placement } from './mount-table';
import { onStorage } from './storage-errors';
import { VfsError, type ResolvedPath, type VfsEntry, type WriteOptions } from './types';

type Locate = (path: string) => Promise<{ table: MountTable; placement: Placement }>;

/** The parent folder key of an object key ('' at the storage root). */
function parentKeyOf(key: string): string {
  const cut = key.lastIndexOf('/');
  return cut < 0 ? '' : key.slice(0, cut);
}

/**
 * The writes of the file system (DESIGN §7), on paths already normalised and checked for
 * the caller. Each one records itself with bumpCacheEpoch, so no instance serves a listing
 * from before it. Mount points and the folders above them are not the caller's to change:
 * MOUNT_POINT.
 */
export class Mutations {
  constructor(
    private readonly resolve: (path: string) => Promise<ResolvedPath>,
    private readonly locate: Locate,
    private readonly bump: (mountId: string) => Promise<void>,
    private readonly now: () => Date,
  ) {}

  /** A place inside a mount that is not the mount point itself. */
  private async inside(path: string): Promise<ResolvedPath> {
    const target = await this.resolve(path);
    if (target.key === '') {
      throw new VfsError('MOUNT_POINT', path);
    }
    return target;
  }

  async write(path: string, body: Readable, options: WriteOptions): Promise<VfsEntry> {
    const { mount, driver, key } = await this.inside(path).catch((error: unknown) => {
      body.resume();
      throw error;
    });
    const result = await onStorage(path, async () => {
      if (await driver.folderExists(key)) {
        throw new VfsError('ALREADY_EXISTS', path, 'a folder has this name');
      }
      if (options.noOverwrite && (await driver.stat(key))) {
        throw new VfsError('ALREADY_EXISTS', path);
      }
      await assertParentNotFile(driver, key, path);
      return driver.put(key, body, {
        ...(options.size !== undefined ? { size: options.size } : {}),
        ...(options.contentType ? { contentType: options.contentType } : {}),
      });
    }).catch((error: unknown) => {
      // A refused write leaves the request body unread; drain it so the socket is freed.
      body.resume();
      throw error;
    });
    await this.bump(mount.id);
    return fileEntry(path, {
      size: result.size,
      etag: result.etag,
      lastModified: this.now(),
      contentType: options.contentType ?? null,
    });
  }

  async mkdir(path: string): Promise<VfsEntry> {
    const { placement } = await this.locate(path);
    if (placement.kind === 'virtual' || (placement.kind === 'mount' && placement.key === '')) {
      throw new VfsError('ALREADY_EXISTS', path);
    }
    const { mount, driver, key } = await this.inside(path);
    await onStorage(path, async () => {
      if ((await driver.stat(key)) || (await driver.folderExists(key))) {
        throw new VfsError('ALREADY_EXISTS', path);
      }
      await assertParentNotFile(driver, key, path);
      await driver.createFolder(key);
    });
    await this.bump(mount.id);
    return folderEntry(path, null, this.now());
  }

  async remove(path: string): Promise<void> {
    const { placement } = await this.locate(path);
    if (placement.kind === 'virtual') {
      throw new VfsError('MOUNT_POINT', path);
    }
    const { mount, driver, key } = await this.inside(path);
    await onStorage(path, async () => {
      if (await driver.stat(key)) {
        await driver.delete([key]);
      } else if (await driver.folderExists(key)) {
        await driver.deleteFolder(key);
      } else {
        throw new VfsError('NOT_FOUND', path);
      }
      await keepFolder(driver, parentKeyOf(key));
    });
    await this.bump(mount.id);
  }

  async rename(from: string, to: string): Promise<void> {
    if (from === to) {
      return;
    }
    const { placement } = await this.locate(from);
    if (placement.kind === 'virtual') {
      throw new VfsError('MOUNT_POINT', from);
    }
    const source = await this.inside(from);
    if (isAtOrUnder(from, to)) {
      throw new VfsError('INTO_ITSELF', to);
    }
    const target = await this.inside(to);
    if (target.mount.id !== source.mount.id) {
      throw new VfsError('CONFLICT', to, 'a rename stays within one mount; copy across mounts');
    }
    const { driver } = source;
    await onStorage(from, async () => {
      const isFile = (await driver.stat(source.key)) !== null;
      if (!isFile && !(await driver.folderExists(source.key))) {
        throw new VfsError('NOT_FOUND', from);
      }
      if ((await driver.stat(target.key)) || (await driver.folderExists(target.key))) {
        throw new VfsError('ALREADY_EXISTS', to);
      }
      await assertParentNotFile(driver, target.key, parentOf(to));
      if (isFile) {
        await driver.move(source.key, target.key);
      } else {
        await driver.moveFolder(source.key, target.key);
      }
      await keepFolder(driver, parentKeyOf(source.key));
    });
    await this.bump(source.mount.id);
  }
}

/** NOT_A_FOLDER when the folder a key goes into is a file. */
async function assertParentNotFile(
  driver: StorageDriver,
  key: string,
  path: string,
): Promise<void> {
  const parent = parentKeyOf(key);
  if (parent !== '' && (await driver.stat(parent))) {
    throw new VfsError('NOT_A_FOLDER', parentOf(path), 'a file has the name of this folder');
  }
}

/**
 * A folder stays after its last entry is removed or moved away, as in any file manager:
 * the local driver prunes empty directories and S3 forgets a prefix with no keys, so an
 * emptied folder gets its own folder back (a directory, or a `name/` marker).
 */
async function keepFolder(driver: StorageDriver, key: string): Promise<void> {
  if (key !== '' && !(await driver.folderExists(key))) {
    await driver.createFolder(key);
  }
}
