import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { type Readable } from 'node:stream';
import { isScriptType, safeContentType, serveModeOf } from '../lib/content-type';
import { InvalidRangeError, ObjectNotFoundError } from './driver';
// The driver's types through one namespace, not a list that each driver restates.
import type * as Driver from './driver';
import { folderPrefix, normaliseKey, normalisePrefix } from './keys';
import {
  copySourceOf,
  createS3Client,
  isNotFound,
  s3ErrorCode,
  totalFromContentRange,
  type S3DriverOptions,
} from './s3-client';
import { S3Folders } from './s3-folders';
import { S3Multipart } from './s3-multipart';
import { S3Presigner } from './s3-presign';
import { streamPut } from './s3-put';
import { stripQuotes } from './streams';

const DELETE_BATCH = 1000;

/**
 * AWS S3, Cloudflare R2, Backblaze B2, MinIO, Aliyun OSS or any S3-compatible service
 * (DESIGN §6). Every key lives below the config's default folder.
 */
export class S3Driver implements Driver.StorageDriver {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly presigner: S3Presigner;
  private readonly prefix: string;
  private readonly multipart: S3Multipart;
  private readonly folders: S3Folders;

  constructor(private readonly options: S3DriverOptions) {
    this.client = createS3Client(options);
    this.prefix = folderPrefix(options.defaultFolder);
    this.multipart = new S3Multipart(this.client, options.bucket);
    this.folders = new S3Folders(this.client, options.bucket, this.prefix);
    this.presigner = new S3Presigner(this.client, options);
  }

  /** Releases the client's sockets (the registry calls it when a config changes). */
  close(): void {
    this.client.destroy();
    this.presigner.close();
  }

  private full(key: string): string {
    return `${this.prefix}${normaliseKey(key)}`;
  }

  private relative(fullKey: string): string {
    return fullKey.slice(this.prefix.length);
  }

  async stat(key: string): Promise<Driver.ObjectStat | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.full(key) }),
      );
      return {
        key: normaliseKey(key),
        size: out.ContentLength ?? 0,
        etag: stripQuotes(out.ETag),
        lastModified: out.LastModified ?? null,
        contentType: out.ContentType ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) {
        return null;
      }
      throw error;
    }
  }

  async list(prefix: string, options: Driver.ListOptions = {}): Promise<Driver.ListPage> {
    const out = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.options.bucket,
        Prefix: `${this.prefix}${normalisePrefix(prefix)}`,
        ...(options.delimiter ? { Delimiter: options.delimiter } : {}),
        ...(options.cursor ? { ContinuationToken: options.cursor } : {}),
        MaxKeys: Math.min(Math.max(options.limit ?? 1000, 1), 1000),
      }),
    );
    const objects = (out.Contents ?? []).flatMap((item) =>
      item.Key === undefined
        ? []
        : [
            {
              key: this.relative(item.Key),
              size: item.Size ?? 0,
              etag: stripQuotes(item.ETag),
              lastModified: item.LastModified ?? null,
              contentType: null,
            },
          ],
    );
    const prefixes = (out.CommonPrefixes ?? []).flatMap((p) =>
      p.Prefix === undefined ? [] : [this.relative(p.Prefix)],
    );
    return {
      objects,
      prefixes,
      cursor: out.IsTruncated ? (out.NextContinuationToken ?? null) : null,
    };
  }

  async get(key: string, range?: Driver.ByteRange): Promise<Driver.ObjectStream> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.full(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const contentLength = out.ContentLength ?? 0;
      const total = totalFromContentRange(out.ContentRange);
      const span =
        range && total !== null
          ? { start: range.start, end: range.start + contentLength - 1 }
          : null;
      return {
        body: out.Body as Readable,
        size: total ?? contentLength,
        contentLength,
        range: span,
        etag: stripQuotes(out.ETag),
        contentType: out.ContentType ?? null,
        lastModified: out.LastModified ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) {
        throw new ObjectNotFoundError(key);
      }
      if (s3ErrorCode(error) === 'InvalidRange') {
        throw new InvalidRangeError(key, (await this.stat(key))?.size ?? 0);
      }
      throw error;
    }
  }

  /** Streams the body into the object; see streamPut for how sizes are handled. */
  async put(
    key: string,
    body: Readable,
    options: Driver.PutOptions = {},
  ): Promise<Driver.PutResult> {
    return streamPut(
      this.client,
      { bucket: this.options.bucket, key: this.full(key) },
      body,
      options,
    );
  }

  /** DeleteObjects in batches of 1000 (the S3 limit); missing keys are not errors. */
  async delete(keys: string[]): Promise<void> {
    const fullKeys = keys.map((key) => this.full(key));
    for (let at = 0; at < fullKeys.length; at += DELETE_BATCH) {
      const batch = fullKeys.slice(at, at + DELETE_BATCH);
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.options.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `Delete failed for ${failed.length} object(s): ${first?.Code} ${first?.Message}`,
        );
      }
    }
  }

  /** One CopyObject, whole or not at all; a cancel stops the wait (the storage may finish it). */
  async copy(
    fromKey: string,
    toKey: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    const { signal } = options;
    signal?.throwIfAborted();
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.options.bucket,
          Key: this.full(toKey),
          CopySource: copySourceOf(this.options.bucket, this.full(fromKey)),
        }),
        { abortSignal: signal },
      );
    } catch (error) {
      if (signal?.aborted) {
        throw signal.reason;
      }
      if (isNotFound(error)) {
        throw new ObjectNotFoundError(fromKey);
      }
      throw error;
    }
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

  /** CopyObject then delete: S3 has no rename. */
  async move(fromKey: string, toKey: string): Promise<void> {
    await this.copy(fromKey, toKey);
    await this.delete([fromKey]);
  }

  moveFolder(fromKey: string, toKey: string): Promise<void> {
    return this.folders.move(fromKey, toKey);
  }

  presignPut(key: string, options: Driver.PresignPutOptions): Promise<Driver.PresignedRequest> {
    return this.presigner.put(this.full(key), options);
  }

  /**
   * A download link never answered with a script type (DESIGN §5): a script type asked for
   * is made safe, and so is one stored with the object when none is asked for — the
   * uploader chose it, since a presigned PUT does not sign Content-Type.
   */
  async presignGet(
    key: string,
    options: Driver.PresignGetOptions,
  ): Promise<Driver.PresignedRequest> {
    const type = options.contentType ?? (await this.stat(key))?.contentType ?? undefined;
    const override = isScriptType(type)
      ? { contentType: safeContentType(type, serveModeOf(options.disposition)) }
      : {};
    return this.presigner.get(this.full(key), { ...options, ...override });
  }

  createMultipart(key: string, options: { contentType?: string } = {}) {
    return this.multipart.create(this.full(key), options.contentType);
  }

  presignPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number) {
    return this.presigner.part(this.full(key), uploadId, partNumber, expiresInSeconds);
  }

  uploadPart(key: string, uploadId: string, partNumber: number, body: Readable, size?: number) {
    return this.multipart.uploadPart(this.full(key), uploadId, partNumber, body, size);
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: Driver.CompletedPart[],
  ): Promise<Driver.PutResult> {
    await this.multipart.complete(this.full(key), uploadId, parts);
    const stat = await this.stat(key);
    if (!stat) {
      throw new ObjectNotFoundError(key);
    }
    return { size: stat.size, etag: stat.etag };
  }

  abortMultipart(key: string, uploadId: string): Promise<void> {
    return this.multipart.abort(this.full(key), uploadId);
  }

  listParts(key: string, uploadId: string): Promise<Driver.CompletedPart[]> {
    return this.multipart.listParts(this.full(key), uploadId);
  }
}
