import type { Readable } from 'node:stream';
import { isAtOrUnder } from '@pastebox/contract/rules/virtual-path';
import type { ByteRange, ObjectStream } from '@/storage/driver';
import { bumpingSiblings } from './cache-epochs';
import { copyEntry } from './copy';
import { fileEntry, folderEntry } from './entries';
import { entryAt, storageEntries, wayDownTo, withFileStat } from './file-system-reads';
import { linkHeaders } from './link-headers';
import { assertUnlocked, type LockHolder, type LockSource } from './locks';
import { passesReservedName } from './listing';
import { MountTable } from './mount-table';
import { accessAt, basicPathOf, normalPath, type PathAccess } from './paths';
import { Mutations } from './mutations';
import { assertNoReservedBelow } from './reserved-subtree';
import { onStorage } from './storage-errors';
import {
  VfsError,
  type Caller,
  type CopyOptions,
  type FileSystem,
  type LinkOptions,
  type MountRecord,
  type MountSource,
  type ResolvedPath,
  type VfsEntry,
  type VfsListing,
  type WriteOptions,
} from './types';

export interface FileSystemOptions {
  now?: () => Date;
  /**
   * The WebDAV locks every write obeys, and who writes (vfs/locks.ts). Every front door
   * passes them; a file system without them (some tests) writes through any lock.
   */
  locks?: { source: LockSource; holder: LockHolder };
}

/**
 * The file system one caller sees (DESIGN §7): every path is normalised and checked here,
 * once, then resolved through the mount table (read fresh for each call, so a mount
 * switched off or a cache epoch bumped by another instance counts at once).
 */
export function fileSystemFor(
  source: MountSource,
  caller: Caller,
  options: FileSystemOptions = {},
): FileSystem {
  return new VirtualFileSystem(
    bumpingSiblings(source),
    caller,
    options.now ?? (() => new Date()),
    options.locks ?? null,
  );
}

class VirtualFileSystem implements FileSystem {
  private readonly basicPath: string | null;
  private readonly mutations: Mutations;

  constructor(
    private readonly source: MountSource,
    caller: Caller,
    private readonly now: () => Date,
    private readonly locks: FileSystemOptions['locks'] | null,
  ) {
    this.basicPath = basicPathOf(caller);
    this.mutations = new Mutations(
      (path) => this.resolve(path),
      (path) => this.locate(path),
      (mountId) => source.bumpCacheEpoch(mountId),
      now,
      source.ledger,
      source.folderLeases,
    );
  }

  normalise(raw: string): string {
    return this.checked(raw, 'full').path;
  }

  /** The normal path, or INVALID_PATH / FORBIDDEN; `way-down` also lets the folders above the basic_path through. */
  private checked(raw: string, needed: PathAccess): { path: string; access: PathAccess } {
    const path = normalPath(raw);
    const access = accessAt(this.basicPath, path);
    if (access === 'none' || (needed === 'full' && access !== 'full')) {
      throw new VfsError('FORBIDDEN', path);
    }
    return { path, access };
  }

  /** LOCKED when a lock the caller does not hold bears on a write to `path` (vfs/locks.ts). */
  private async unlocked(path: string, recursive: boolean): Promise<void> {
    if (this.locks) {
      await assertUnlocked(this.locks.source, this.locks.holder, path, recursive);
    }
  }

  /** Where a normal path lies in the current mount table. */
  private async locate(path: string) {
    const table = new MountTable(await this.source.loadMounts());
    const placement = table.place(path);
    if (placement.kind === 'mount' && passesReservedName(placement.key)) {
      // Share objects and the drivers' own files: no mount reaches them (issue 29).
      throw new VfsError('FORBIDDEN', path, 'a name the server keeps for itself');
    }
    return { table, placement };
  }

  async resolve(raw: string): Promise<ResolvedPath> {
    const { path } = this.checked(raw, 'full');
    const { placement } = await this.locate(path);
    if (placement.kind === 'virtual') {
      throw new VfsError('MOUNT_POINT', path, 'a folder above the mounts has no storage');
    }
    if (placement.kind === 'none') {
      throw new VfsError('NOT_FOUND', path);
    }
    const driver = await this.source.driverFor(placement.mount);
    return { path, mount: placement.mount, driver, key: placement.key };
  }

  async stat(raw: string): Promise<VfsEntry> {
    const { path, access } = this.checked(raw, 'way-down');
    const entry = await this.statChecked(path);
    if (access === 'way-down' && !entry.isDirectory) {
      // The way down to a basic_path is made of folders; a file there is not the key's.
      throw new VfsError('FORBIDDEN', path);
    }
    return entry;
  }

  private async statChecked(path: string): Promise<VfsEntry> {
    const { placement } = await this.locate(path);
    return entryAt(this.source, path, placement);
  }

  async mountAt(raw: string): Promise<MountRecord | null> {
    const { path } = this.checked(raw, 'way-down');
    const { placement } = await this.locate(path);
    if (placement.kind === 'none') {
      throw new VfsError('NOT_FOUND', path);
    }
    return placement.kind === 'mount' ? placement.mount : null;
  }

  async list(raw: string): Promise<VfsListing> {
    const { path, access } = this.checked(raw, 'way-down');
    const { table, placement } = await this.locate(path);
    let listing: VfsListing;
    if (placement.kind === 'virtual') {
      const entries = table.childrenOf(path).map((child) => folderEntry(child.path, child.mount));
      listing = { path, isVirtual: true, mount: null, entries };
    } else if (placement.kind === 'none') {
      throw new VfsError('NOT_FOUND', path);
    } else {
      const { mount, key } = placement;
      const wayDown = access === 'way-down';
      const at = { path, mount, key };
      const entries = await storageEntries(this.source, at, this.now().getTime(), wayDown);
      listing = { path, isVirtual: false, mount, entries };
    }
    if (access === 'way-down') {
      listing.entries = wayDownTo(this.basicPath ?? '/', listing.entries);
    }
    return listing;
  }

  async read(raw: string, range?: ByteRange): Promise<{ entry: VfsEntry; object: ObjectStream }> {
    const target = await this.resolve(raw);
    const { path, driver, key } = target;
    return withFileStat(target, async (stat) => {
      const object = await driver.get(key, range);
      return {
        entry: fileEntry(path, { ...stat, contentType: stat.contentType ?? object.contentType }),
        object,
      };
    });
  }

  async write(raw: string, body: Readable, options: WriteOptions = {}): Promise<VfsEntry> {
    let path: string;
    try {
      path = this.checked(raw, 'full').path;
      await this.unlocked(path, false);
    } catch (error) {
      // A refused write leaves the request body unread; drain it so the socket is freed.
      body.resume();
      throw error;
    }
    return this.mutations.write(path, body, options);
  }

  async mkdir(raw: string): Promise<VfsEntry> {
    const { path } = this.checked(raw, 'full');
    await this.unlocked(path, false);
    return this.mutations.mkdir(path);
  }

  async remove(raw: string): Promise<void> {
    const { path } = this.checked(raw, 'full');
    await this.unlocked(path, true);
    return this.mutations.remove(path);
  }

  async rename(from: string, to: string): Promise<void> {
    const fromPath = this.checked(from, 'full').path;
    const toPath = this.checked(to, 'full').path;
    await this.unlocked(fromPath, true);
    await this.unlocked(toPath, true);
    return this.mutations.rename(fromPath, toPath);
  }

  async assertWritable(raw: string, options: { recursive?: boolean } = {}): Promise<void> {
    await this.unlocked(this.checked(raw, 'full').path, options.recursive ?? false);
  }

  async assertRemovable(raw: string): Promise<void> {
    const { path } = this.checked(raw, 'full');
    await this.unlocked(path, true);
    const { driver, key } = await this.resolve(path);
    await onStorage(path, () => assertNoReservedBelow(driver, key, path));
  }

  async copy(from: string, to: string, options: CopyOptions): Promise<void> {
    const fromPath = this.checked(from, 'full').path;
    const toPath = this.checked(to, 'full').path;
    if (isAtOrUnder(fromPath, toPath)) {
      throw new VfsError('INTO_ITSELF', toPath);
    }
    // A lock on the target refuses the copy; one below it, only the files it covers.
    await this.unlocked(toPath, false);
    const sourceEntry = await this.stat(fromPath);
    const source = await this.resolve(fromPath);
    const target = await this.resolve(toPath);
    if (target.key === '') {
      throw new VfsError('MOUNT_POINT', toPath);
    }
    try {
      const beforeWrite = (path: string) => this.unlocked(path, false);
      await copyEntry(source, sourceEntry, target, { ...options, beforeWrite }, this.source.ledger);
    } finally {
      // Even a copy that failed halfway wrote some objects.
      await this.source.bumpCacheEpoch(target.mount.id);
    }
  }

  async link(raw: string, options: LinkOptions): Promise<{ url: string; expiresAt: Date }> {
    const target = await this.resolve(raw);
    const { path, driver, key } = target;
    return withFileStat(target, async (stat) => {
      const entry = fileEntry(path, stat);
      const signed = await driver.presignGet(key, {
        expiresInSeconds: options.expiresInSeconds,
        ...linkHeaders(entry, options.forceDownload),
      });
      return { url: signed.url, expiresAt: signed.expiresAt };
    });
  }

  async touched(raw: string): Promise<void> {
    const { path } = this.checked(raw, 'full');
    const { placement } = await this.locate(path);
    if (placement.kind === 'mount') {
      await this.source.bumpCacheEpoch(placement.mount.id);
    }
  }
}
