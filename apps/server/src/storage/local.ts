import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { InvalidRangeError, ObjectNotFoundError } from './driver';
// The driver's types through one namespace, not a list that each driver restates.
import type * as Driver from './driver';
import { InvalidKeyError, normaliseKey } from './keys';
import { lstatConfined, openConfined } from './local-confine';
import {
  copyToTempFile,
  etagOfStats,
  isMissing,
  pruneEmptyParents,
  publishTempFile,
  streamToTempFile,
} from './local-files';
import { LocalFolders } from './local-folders';
import { listLocal } from './local-list';
import { LocalMultipart } from './local-multipart';
import { LocalPresigner } from './local-presign';
import type { LocalUrlSigner } from './local-signing';

export interface LocalDriverOptions {
  /** The storage config this driver serves; part of every signed URL. */
  configId: string;
  /** Absolute directory holding the objects. */
  root: string;
  signer: LocalUrlSigner;
}

/**
 * Objects as files below one directory (DESIGN §6). Writes go to a temp file in the
 * target's directory and are renamed into place, so an object is whole or absent. Its
 * "presigned" URLs are signed URLs to the server's own endpoints (storage/local-presign.ts).
 * No operation follows a symbolic link below the root (storage/local-confine.ts).
 */
export class LocalDriver implements Driver.StorageDriver {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly multipart: LocalMultipart;
  private readonly folders: LocalFolders;
  private readonly presigner: LocalPresigner;

  constructor(options: LocalDriverOptions) {
    this.root = path.resolve(options.root);
    this.multipart = new LocalMultipart(this.root);
    this.folders = new LocalFolders(this.root, (key) => this.pathOf(key));
    this.presigner = new LocalPresigner(options.configId, options.signer);
  }

  /**
   * The file of a key and its lstat (null when nothing is there), refused with
   * PathEscapeError when a symbolic link is on the way or at the key itself.
   */
  private async confined(key: string): Promise<{ file: string; stats: fs.Stats | null }> {
    const file = this.pathOf(key);
    return { file, stats: await lstatConfined(this.root, file, key) };
  }

  /** The file of a key; the key is normalised and can never leave the root. */
  pathOf(key: string): string {
    const normal = normaliseKey(key);
    const file = path.resolve(this.root, ...normal.split('/'));
    if (!file.startsWith(this.root + path.sep)) {
      throw new InvalidKeyError(key, 'outside the storage root');
    }
    return file;
  }

  async stat(key: string): Promise<Driver.ObjectStat | null> {
    const { stats } = await this.confined(key);
    if (!stats?.isFile()) {
      return null;
    }
    const etag = etagOfStats(stats);
    return {
      key: normaliseKey(key),
      size: stats.size,
      etag,
      lastModified: stats.mtime,
      contentType: null,
    };
  }

  list(prefix: string, options?: Driver.ListOptions): Promise<Driver.ListPage> {
    return listLocal(this.root, prefix, options);
  }

  async get(key: string, range?: Driver.ByteRange): Promise<Driver.ObjectStream> {
    const { file } = await this.confined(key);
    const opened = await openConfined(file, key);
    if (!opened) {
      throw new ObjectNotFoundError(key);
    }
    const { handle, stats } = opened;
    let span: Driver.ByteRange | null;
    try {
      span = range ? clampRange(key, range, stats.size) : null;
    } catch (error) {
      await handle.close();
      throw error;
    }
    const body = handle.createReadStream(span ? { start: span.start, end: span.end } : {});
    return {
      body,
      size: stats.size,
      contentLength: span ? span.end - span.start + 1 : stats.size,
      range: span,
      etag: etagOfStats(stats),
      contentType: null,
      lastModified: stats.mtime,
    };
  }

  async put(
    key: string,
    body: Readable,
    options: Driver.PutOptions = {},
  ): Promise<Driver.PutResult> {
    const { file } = await this.confined(key);
    const temp = await streamToTempFile(path.dirname(file), body, {
      ...(options.size !== undefined ? { declaredSize: options.size } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    await publishTempFile(temp, file, options.signal);
    return this.resultOf(file);
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) {
      const { file, stats } = await this.confined(key);
      if (stats?.isFile()) {
        await fsp.rm(file, { force: true });
        await pruneEmptyParents(this.root, path.dirname(file));
      }
    }
  }

  /** The kernel's copy cannot be interrupted; a cancel during it keeps it from being published. */
  async copy(
    fromKey: string,
    toKey: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    options.signal?.throwIfAborted();
    const source = await this.confined(fromKey);
    const { file: target } = await this.confined(toKey);
    if (!source.stats?.isFile()) {
      throw new ObjectNotFoundError(fromKey);
    }
    let temp;
    try {
      temp = await copyToTempFile(path.dirname(target), source.file);
    } catch (error) {
      // Deleted between the check and the copy (another instance moving it meanwhile):
      // as missing as if it had never been there.
      const sourceGone = await fsp.lstat(source.file).then(
        () => false,
        () => true,
      );
      if (isMissing(error) && sourceGone) {
        throw new ObjectNotFoundError(fromKey);
      }
      throw error;
    }
    await publishTempFile(temp, target, options.signal);
  }

  folderExists(key: string): Promise<boolean> {
    return this.folders.exists(key);
  }

  folderStat(key: string): Promise<Driver.FolderStat | null> {
    return this.folders.stat(key);
  }

  createFolder(key: string): Promise<void> {
    return this.folders.create(key);
  }

  deleteFolder(key: string): Promise<void> {
    return this.folders.delete(key);
  }

  move(fromKey: string, toKey: string): Promise<void> {
    return this.folders.moveFile(fromKey, toKey);
  }

  moveFolder(fromKey: string, toKey: string): Promise<void> {
    return this.folders.moveFolder(fromKey, toKey);
  }

  presignPut(key: string, options: Driver.PresignPutOptions): Promise<Driver.PresignedRequest> {
    return Promise.resolve(this.presigner.put(key, options));
  }

  presignGet(key: string, options: Driver.PresignGetOptions): Promise<Driver.PresignedRequest> {
    return Promise.resolve(this.presigner.get(key, options));
  }

  createMultipart(key: string, options: { contentType?: string } = {}) {
    return this.multipart.create(normaliseKey(key), options.contentType);
  }

  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
  ): Promise<Driver.PresignedRequest> {
    return Promise.resolve(this.presigner.part(key, uploadId, partNumber, expiresInSeconds));
  }

  /** `max` (local endpoints only) refuses a part over that many bytes while streaming. */
  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size?: number,
    max?: number,
  ): Promise<{ etag: string }> {
    const options = {
      ...(size !== undefined ? { size } : {}),
      ...(max !== undefined ? { max } : {}),
    };
    const { etag } = await this.multipart.uploadPart(
      normaliseKey(key),
      uploadId,
      partNumber,
      body,
      options,
    );
    return { etag };
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: Driver.CompletedPart[],
  ): Promise<Driver.PutResult> {
    const { file } = await this.confined(key);
    const temp = await this.multipart.complete(
      normaliseKey(key),
      uploadId,
      parts,
      path.dirname(file),
    );
    await publishTempFile(temp, file);
    await this.multipart.abort(uploadId);
    return this.resultOf(file);
  }

  abortMultipart(_key: string, uploadId: string): Promise<void> {
    return this.multipart.abort(uploadId);
  }

  listParts(key: string, uploadId: string): Promise<Driver.CompletedPart[]> {
    return this.multipart.listParts(normaliseKey(key), uploadId);
  }

  /** Like put, with an upper bound instead of an exact size (the signed PUT endpoint). */
  async putWithin(key: string, body: Readable, max: number): Promise<Driver.PutResult> {
    const { file } = await this.confined(key);
    const temp = await streamToTempFile(path.dirname(file), body, { max });
    await publishTempFile(temp, file);
    return this.resultOf(file);
  }

  private async resultOf(file: string): Promise<Driver.PutResult> {
    try {
      const stats = await fsp.lstat(file);
      return { size: stats.size, etag: etagOfStats(stats) };
    } catch (error) {
      if (isMissing(error)) {
        throw new Error(`Object vanished right after it was written: ${file}`, { cause: error });
      }
      throw error;
    }
  }
}

/** An HTTP-style range clamped to the object; a start past the end is unsatisfiable. */
function clampRange(key: string, range: Driver.ByteRange, size: number): Driver.ByteRange {
  const end = Math.min(range.end, size - 1);
  if (range.start < 0 || range.start > end) {
    throw new InvalidRangeError(key, size);
  }
  return { start: range.start, end };
}
