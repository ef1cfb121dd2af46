import type { Readable } from 'node:stream';
import type { ByteRange, ObjectStream, PutTransfer, StorageDriver } from '@/storage/driver';
import type { CapacityLedger } from './capacity';
import type { FolderLeases } from './folder-leases';

/**
 * The virtual file system over the mounts (DESIGN §7): one interface that the fs API and
 * WebDAV both adapt, so every rule about paths, mounts and permissions is written once.
 * It knows no module and no HTTP: the mount table comes from a MountSource it is handed.
 */

/** One mount as the file system needs it (the mounts module maps its rows to this). */
export interface MountRecord {
  id: string;
  name: string;
  storageType: 'S3' | 'local';
  storageConfigId: string;
  /** Normal virtual path: `/photos`, `/team/docs`. */
  mountPath: string;
  isActive: boolean;
  sortOrder: number;
  /** Seconds a listing may be served from memory; 0 = never cached. */
  cacheTtl: number;
  /** Grows with every write through the product on any instance (the listing cache key). */
  cacheEpoch: number;
}

/** Where the file system finds its mounts and their drivers; given by the mounts module. */
export interface MountSource {
  /** Every mount, active or not, as the database has it now. */
  loadMounts(): Promise<MountRecord[]>;
  /** The driver of a mount's storage config. */
  driverFor(mount: MountRecord): Promise<StorageDriver>;
  /** Records a write into the mount, so every instance drops its cached listings. */
  bumpCacheEpoch(mountId: string): Promise<void>;
  /** The capacity ledger every write reserves on and every delete gives back to (DESIGN §5). */
  ledger: CapacityLedger;
  /** Leases that keep S3 folder moves and deletes apart across instances (folder-leases.ts). */
  folderLeases: FolderLeases;
}

/** Who is asking: the admin sees everything; a key stays at or under its basic_path. */
export type Caller = { kind: 'admin' } | { kind: 'key'; basicPath: string };

/** The typed failures of DESIGN §7; each front door maps them to its own statuses. */
export type VfsErrorCode =
  | 'INVALID_PATH'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'NOT_EMPTY'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'NOT_A_FILE'
  | 'NOT_A_FOLDER'
  | 'MOUNT_POINT'
  | 'INTO_ITSELF'
  /** Another principal's lock bears on the path (vfs/locks.ts). */
  | 'LOCKED';

export class VfsError extends Error {
  /** Why, in words, when the code alone does not say it (each front door words the rest). */
  readonly reason: string | undefined;

  constructor(
    readonly code: VfsErrorCode,
    readonly path: string,
    reason?: string,
  ) {
    super(reason ?? `${code}: ${path}`);
    this.reason = reason;
  }
}

/** One file or folder as the file system shows it. */
export interface VfsEntry {
  name: string;
  /** Normal virtual path. */
  path: string;
  isDirectory: boolean;
  /** Bytes; 0 for folders. */
  size: number;
  modified: Date | null;
  mimetype: string | null;
  etag: string | null;
  /** Set on a mount point itself (shown as a folder in its parent). */
  mount: MountRecord | null;
}

export interface VfsListing {
  path: string;
  /** The folder is made of mount points only (the root, or `/team` above `/team/docs`). */
  isVirtual: boolean;
  /** The mount the folder lies in; null for virtual folders. */
  mount: MountRecord | null;
  entries: VfsEntry[];
}

/** A path resolved to the storage behind it (longest mount prefix wins). */
export interface ResolvedPath {
  path: string;
  mount: MountRecord;
  driver: StorageDriver;
  /** Object key inside the storage, '' for the mount's root. Folders have no trailing slash. */
  key: string;
}

export interface WriteOptions {
  size?: number;
  contentType?: string;
  /** Refuse with ALREADY_EXISTS instead of replacing an existing file. */
  noOverwrite?: boolean;
  /** How the bytes reach the storage (PutOptions.transfer); the driver's default if unset. */
  transfer?: PutTransfer;
}

export interface LinkOptions {
  expiresInSeconds: number;
  forceDownload: boolean;
}

/** What the copy engine reports as it goes (the task runner turns these into progress). */
export type CopyEvent =
  | { kind: 'discovered'; files: number; bytes: number }
  | { kind: 'file-start'; path: string; size: number }
  | { kind: 'bytes'; bytes: number }
  | { kind: 'file-done'; path: string; size: number; outcome: 'copied' | 'skipped' }
  | { kind: 'file-failed'; path: string; message: string; cause?: unknown };

export interface CopyOptions {
  skipExisting: boolean;
  /**
   * Stops the copy at once: the object in flight is abandoned (its stream and write
   * aborted, nothing of it left at the target), the objects already copied stay, and the
   * copy rejects with the signal's reason.
   */
  signal?: AbortSignal;
  onEvent?: (event: CopyEvent) => void | Promise<void>;
  /**
   * A source path already copied by an earlier run of the same copy (a task taken over
   * after its runner died): it and everything before it in walk order (depth first, names
   * by code unit) are neither copied nor reported again.
   */
  resumeAfter?: string | null;
  /**
   * Run before each object (or empty folder) is written at its target path: the file
   * system's lock check. A refusal fails that object alone, the copy goes on.
   */
  beforeWrite?: (targetPath: string) => Promise<void>;
}

/** The file system one caller sees (`fileSystemFor(source, caller)`). */
export interface FileSystem {
  /** Normalises and checks a path for this caller (INVALID_PATH, FORBIDDEN). */
  normalise(raw: string): string;
  resolve(path: string): Promise<ResolvedPath>;
  stat(path: string): Promise<VfsEntry>;
  /** The active mount a path lies in; null above the mounts (NOT_FOUND outside them). */
  mountAt(path: string): Promise<MountRecord | null>;
  list(path: string): Promise<VfsListing>;
  read(path: string, range?: ByteRange): Promise<{ entry: VfsEntry; object: ObjectStream }>;
  write(path: string, body: Readable, options?: WriteOptions): Promise<VfsEntry>;
  mkdir(path: string): Promise<VfsEntry>;
  /** Files, and folders recursively. */
  remove(path: string): Promise<void>;
  /** Within one mount; a folder moves with its contents. */
  rename(from: string, to: string): Promise<void>;
  /** Files and folders, within or across mounts and storages (the copy task's engine). */
  copy(from: string, to: string, options: CopyOptions): Promise<void>;
  /** A URL that works without credentials until it expires. */
  link(path: string, options: LinkOptions): Promise<{ url: string; expiresAt: Date }>;
  /** Records a write the caller made behind the file system's back (multipart, presign). */
  touched(path: string): Promise<void>;
  /**
   * Refuses (FORBIDDEN, LOCKED) a write to `path` the file system does not make itself:
   * uploads behind its back check at their start and commit, a copy task before it starts.
   */
  assertWritable(path: string, options?: { recursive?: boolean }): Promise<void>;
  /**
   * Refuses (FORBIDDEN, LOCKED) before anything is copied what remove(path) would refuse
   * for the names below it: a MOVE across mounts copies, then removes (reserved-subtree.ts).
   */
  assertRemovable(path: string): Promise<void>;
}
