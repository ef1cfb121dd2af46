import type { Readable } from 'node:stream';
import { isAtOrUnder } from '@pastebox/contract/rules/virtual-path';
import type { StorageDriver } from '@/storage/driver';
import { reservedWrite, type CapacityLedger } from './capacity';
import { fileEntry, folderEntry } from './entries';
import { underFolderLease, type FolderLeases } from './folder-leases';
import { assertMoveTarget } from './folder-move';
import type { MountTable, Placement } from './mount-table';
import { bytesOfUnreservedFolder } from './reserved-subtree';
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
    private readonly ledger: CapacityLedger,
    private readonly leases: FolderLeases,
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
      const existing = await driver.stat(key);
      if (options.noOverwrite && existing) {
        throw new VfsError('ALREADY_EXISTS', path);
      }
      await assertFoldersOnTheWay(driver, key, path);
      const plan = {
        configId: mount.storageConfigId,
        size: options.size,
        replaced: existing?.size ?? 0,
      };
      return reservedWrite(this.ledger, plan, body, (stream) =>
        driver.put(key, stream, {
          ...(options.size !== undefined ? { size: options.size } : {}),
          ...(options.contentType ? { contentType: options.contentType } : {}),
          ...(options.transfer ? { transfer: options.transfer } : {}),
        }),
      );
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
      await assertFoldersOnTheWay(driver, key, path);
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
    const freed = await onStorage(path, async () => {
      const stat = await driver.stat(key);
      let bytes = stat?.size ?? 0;
      if (stat) {
        await driver.delete([key]);
      } else if (await driver.folderExists(key)) {
        // Listed before it goes: the ledger gets back what the folder held, and a folder
        // holding another storage's shares or uploads is refused (reserved-subtree.ts).
        const where = { configId: mount.storageConfigId, path };
        bytes = await underFolderLease(this.leases, driver, where, [key], async () => {
          const held = await bytesOfUnreservedFolder(driver, key, path);
          await driver.deleteFolder(key);
          return held;
        });
      } else {
        throw new VfsError('NOT_FOUND', path);
      }
      await keepFolder(driver, parentKeyOf(key));
      return bytes;
    });
    await this.ledger.giveBack(mount.storageConfigId, freed);
    await this.bump(mount.id);
  }

  async rename(from: string, to: string): Promise<void> {
    const { placement } = await this.locate(from);
    if (placement.kind === 'virtual') {
      throw new VfsError('MOUNT_POINT', from);
    }
    const source = await this.inside(from);
    if (from === to) {
      // Nothing moves, but renaming nothing is still NOT_FOUND.
      await onStorage(from, () => assertExists(source.driver, source.key, from));
      return;
    }
    const target = await this.inside(to);
    if (target.mount.id !== source.mount.id) {
      throw new VfsError('CONFLICT', to, 'a rename stays within one mount; copy across mounts');
    }
    const { driver } = source;
    await onStorage(from, async () => {
      const isFile = await assertExists(driver, source.key, from);
      // A file "moved into itself" is a path through a file: NOT_A_FOLDER, below.
      if (!isFile && isAtOrUnder(from, to)) {
        throw new VfsError('INTO_ITSELF', to);
      }
      // On S3 a folder move stopped half-way is finished by the same move (folder-move.ts).
      const move = { fromKey: source.key, toKey: target.key, toPath: to, isFile };
      await assertMoveTarget(driver, move);
      await assertFoldersOnTheWay(driver, target.key, to);
      if (isFile) {
        await driver.move(source.key, target.key);
      } else {
        const where = { configId: source.mount.storageConfigId, path: from };
        await underFolderLease(this.leases, driver, where, [source.key, target.key], async () => {
          await assertMoveTarget(driver, move);
          await bytesOfUnreservedFolder(driver, source.key, from);
          await driver.moveFolder(source.key, target.key);
        });
      }
      await keepFolder(driver, parentKeyOf(source.key));
    });
    await this.bump(source.mount.id);
  }
}

/** NOT_FOUND when nothing is at the key; true for a file, false for a folder. */
async function assertExists(driver: StorageDriver, key: string, path: string): Promise<boolean> {
  if (await driver.stat(key)) {
    return true;
  }
  if (await driver.folderExists(key)) {
    return false;
  }
  throw new VfsError('NOT_FOUND', path);
}

/**
 * NOT_A_FOLDER when any folder on the way to a key is a file. The nearest one is not
 * enough: S3 keeps `a.txt` and `a.txt/x/y` side by side, so `mkdir a.txt/x/y` would make
 * a folder inside a file. The walk stops at the first folder that exists (the usual case:
 * one request), as nothing above a real folder can be a file.
 */
async function assertFoldersOnTheWay(
  driver: StorageDriver,
  key: string,
  path: string,
): Promise<void> {
  for (let parent = parentKeyOf(key); parent !== ''; parent = parentKeyOf(parent)) {
    if (await driver.folderExists(parent)) {
      return;
    }
    if (await driver.stat(parent)) {
      // The key is the tail of the path, so the folder's path is the path cut as much.
      const folderPath = path.slice(0, path.length - (key.length - parent.length));
      throw new VfsError('NOT_A_FOLDER', folderPath, 'a file has the name of this folder');
    }
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
