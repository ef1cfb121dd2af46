import type { Readable } from 'node:stream';

/**
 * The one interface every storage backend implements (DESIGN §6). Keys are object keys
 * relative to the driver's root (for S3: the bucket, below the config's default folder;
 * for local: the config's directory). Bodies are always streams: no method takes or
 * returns a whole file in memory.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';

  /** Metadata of one object, or null when it does not exist. */
  stat(key: string): Promise<ObjectStat | null>;

  /** One page of objects under `prefix`; with a delimiter, sub-"folders" come as prefixes. */
  list(prefix: string, options?: ListOptions): Promise<ListPage>;

  /** A stream of the object (or of an inclusive byte range of it). Throws when missing. */
  get(key: string, range?: ByteRange): Promise<ObjectStream>;

  /**
   * Streams `body` into the object. `size`, when known, lets drivers avoid buffering.
   * Aborted through options.signal, it rejects with the signal's reason once nothing of
   * the write is left (see PutOptions.signal).
   */
  put(key: string, body: Readable, options?: PutOptions): Promise<PutResult>;

  /** Deletes objects; missing ones are not an error. */
  delete(keys: string[]): Promise<void>;

  /**
   * Server-side copy within this storage. Aborted through options.signal, it rejects with
   * the signal's reason and never leaves part of an object: local storage leaves the
   * target as it was; on S3 the copy is one request the storage finishes or not, whole.
   */
  copy(fromKey: string, toKey: string, options?: { signal?: AbortSignal }): Promise<void>;

  /**
   * Folders (the mount file system, DESIGN §7). A folder key names a folder without a
   * trailing slash; '' is the root, which always exists. On S3 a folder is every key
   * under `key/` plus, once created empty, a zero-byte `key/` marker; on local storage it
   * is a directory.
   */
  folderExists(key: string): Promise<boolean>;

  /**
   * A folder as the storage records it, in one request at most; null when there is no such
   * folder. Its date is the storage's own (issue 30), never a made-up one: local storage
   * has the directory's mtime; S3 keeps a date only for a folder with a `key/` marker, and
   * the root has none.
   */
  folderStat(key: string): Promise<FolderStat | null>;

  /** Makes an empty folder (and its parents, where the storage has real folders). */
  createFolder(key: string): Promise<void>;

  /**
   * Deletes a folder and everything below it. A missing folder is ObjectNotFoundError, so
   * of several deletes of one folder at once exactly one succeeds (and gives its bytes back).
   */
  deleteFolder(key: string): Promise<void>;

  /** Moves one object, replacing any object at `toKey`. */
  move(fromKey: string, toKey: string): Promise<void>;

  /** Moves a folder with everything below it to a folder key that does not exist yet. */
  moveFolder(fromKey: string, toKey: string): Promise<void>;

  /** A URL the browser can PUT the whole object to. */
  presignPut(key: string, options: PresignPutOptions): Promise<PresignedRequest>;

  /**
   * A URL the browser can GET the object from, with an optional Content-Disposition. It is
   * never answered with a script type (DESIGN §5): see safeContentType.
   */
  presignGet(key: string, options: PresignGetOptions): Promise<PresignedRequest>;

  createMultipart(key: string, options?: { contentType?: string }): Promise<{ uploadId: string }>;

  /** A URL the browser can PUT one part to; the part's ETag comes back in the response. */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
  ): Promise<PresignedRequest>;

  /** Streams one part through the server (the relay path, and local storage). */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size?: number,
  ): Promise<{ etag: string }>;

  completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<PutResult>;

  abortMultipart(key: string, uploadId: string): Promise<void>;

  /** Parts already stored for an upload: what a resumed upload may skip. */
  listParts(key: string, uploadId: string): Promise<CompletedPart[]>;
}

export interface ObjectStat {
  key: string;
  size: number;
  /** Without quotes. */
  etag: string | null;
  lastModified: Date | null;
  contentType: string | null;
}

export interface FolderStat {
  /** Null when the storage keeps no date for the folder. */
  lastModified: Date | null;
}

export interface ListOptions {
  delimiter?: string;
  cursor?: string | null;
  limit?: number;
}

export interface ListPage {
  objects: ObjectStat[];
  prefixes: string[];
  /** Pass back as `cursor` for the next page; null at the end. */
  cursor: string | null;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStream {
  body: Readable;
  /** Size of the whole object. */
  size: number;
  /** Bytes in `body` (the range's length when a range was asked). */
  contentLength: number;
  range: ByteRange | null;
  etag: string | null;
  contentType: string | null;
  lastModified: Date | null;
}

export interface PutOptions {
  size?: number;
  contentType?: string;
  /**
   * How an S3 driver sends the body (the WebDAV upload mode). 'single' (the default): one
   * PutObject when the size is known and S3 takes it in one request, else a streamed
   * multipart upload. 'multipart': always the streamed multipart upload. Local storage
   * writes one file either way.
   */
  transfer?: PutTransfer;
  /**
   * Stops the write (a cancelled copy task): the body is no longer read and the put
   * rejects with the signal's reason once nothing is left of it — local storage removes
   * its temp file (never renamed into place), S3 aborts the request or the multipart
   * upload. An object whose write had already finished stays.
   */
  signal?: AbortSignal;
}

export type PutTransfer = 'single' | 'multipart';

export interface PutResult {
  size: number;
  etag: string | null;
}

export interface PresignPutOptions {
  expiresInSeconds: number;
  contentType?: string;
  size?: number;
}

export interface PresignGetOptions {
  expiresInSeconds: number;
  /** A full Content-Disposition value, e.g. from contentDisposition(). */
  disposition?: string;
  contentType?: string;
}

export interface PresignedRequest {
  url: string;
  method: 'GET' | 'PUT';
  /** Headers the client must send with the request. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface CompletedPart {
  partNumber: number;
  /** Without quotes (SPEC §3: "etag with quotes stripped"). */
  etag: string;
  size?: number;
}

/** Thrown by get/stat-like calls when the object does not exist. */
export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Object not found: ${key}`);
  }
}

/** A folder move whose target exists (it never merges into or replaces a folder). */
export class TargetExistsError extends Error {
  constructor(readonly key: string) {
    super(`Target exists: ${key}`);
  }
}

/** A byte range that starts past the end of the object (HTTP 416). */
export class InvalidRangeError extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`Range not satisfiable for ${key} (size ${size})`);
  }
}

/** A multipart upload id that the storage does not know (completed, aborted or never made). */
export class UploadNotFoundError extends Error {
  constructor(readonly uploadId: string) {
    super(`Multipart upload not found: ${uploadId}`);
  }
}

/** completeMultipart was given a part that is missing or whose ETag does not match. */
export class InvalidPartError extends Error {
  constructor(readonly partNumber: number) {
    super(`Part ${partNumber} is missing or its ETag does not match`);
  }
}

/**
 * A local key whose path passes through (or names) a symbolic link below the storage root
 * (storage/local-confine.ts): links are never followed, so nothing outside the root is
 * read, written or deleted through one. The file system answers FORBIDDEN.
 */
export class PathEscapeError extends Error {
  constructor(readonly key: string) {
    super(`Refused: the path of ${JSON.stringify(key)} passes through a symbolic link`);
  }
}

/**
 * A folder move that stopped half-way where it cannot be atomic (S3: a copy and a delete
 * per object). Every object is whole at the source or at the target (all are copied
 * before any source is deleted); `left` counts the objects still at the source, and
 * repeating the same move completes it. The file system answers CONFLICT.
 */
export class FolderMoveIncompleteError extends Error {
  constructor(
    readonly fromKey: string,
    readonly toKey: string,
    readonly left: number,
    cause: unknown,
  ) {
    super(
      left === 0
        ? `The folder move from ${fromKey} to ${toKey} failed; nothing was moved`
        : `The folder move from ${fromKey} to ${toKey} stopped with ${left} object(s) ` +
            `still at ${fromKey} (all are already at ${toKey}); repeat the move to finish it`,
      { cause },
    );
  }
}
