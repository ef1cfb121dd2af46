import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { ObjectNotFoundError } from './driver';
import { InvalidKeyError, normaliseFolderKey } from './keys';
import { copySourceOf } from './s3-client';

/** Objects copied at once while a folder moves: enough to hide latency, few sockets. */
const MOVE_CONCURRENCY = 8;

/**
 * Folders on S3, which has none: a folder is the keys under `name/`, and an empty folder
 * is kept by a zero-byte `name/` marker (what the S3 console and most tools make). Keys
 * here are full bucket keys: `prefix` is the config's default folder ('' or 'a/b/').
 */
export class S3Folders {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  /** The full key prefix of a folder: the default folder for '', else `…/name/`. */
  private prefixOf(key: string): string {
    const normal = normaliseFolderKey(key);
    return normal === '' ? this.prefix : `${this.prefix}${normal}/`;
  }

  private async page(prefix: string, cursor: string | undefined, limit = 1000) {
    const out = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        MaxKeys: limit,
        ...(cursor ? { ContinuationToken: cursor } : {}),
      }),
    );
    const keys = (out.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
    return { keys, next: out.IsTruncated ? out.NextContinuationToken : undefined };
  }

  async exists(key: string): Promise<boolean> {
    if (normaliseFolderKey(key) === '') {
      return true;
    }
    return (await this.page(this.prefixOf(key), undefined, 1)).keys.length > 0;
  }

  async create(key: string): Promise<void> {
    const prefix = this.prefixOf(key);
    if (prefix === this.prefix) {
      return;
    }
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: prefix, Body: '', ContentLength: 0 }),
    );
  }

  async delete(key: string): Promise<void> {
    const prefix = this.prefixOf(key);
    if (prefix === this.prefix) {
      throw new InvalidKeyError(key, 'the storage root cannot be deleted');
    }
    // Always the first page again: what was deleted is gone, so no cursor is needed.
    for (;;) {
      const { keys } = await this.page(prefix, undefined);
      if (keys.length === 0) {
        return;
      }
      await this.deleteKeys(keys);
    }
  }

  /** Copies every object under the folder to the new name, then deletes the old ones. */
  async move(fromKey: string, toKey: string): Promise<void> {
    const from = this.prefixOf(fromKey);
    const to = this.prefixOf(toKey);
    if (from === this.prefix || to === this.prefix) {
      throw new InvalidKeyError(fromKey, 'the storage root cannot be moved');
    }
    let cursor: string | undefined;
    let moved = 0;
    do {
      const { keys, next } = await this.page(from, cursor);
      await forEachLimited(keys, MOVE_CONCURRENCY, (source) =>
        this.copyKey(source, `${to}${source.slice(from.length)}`),
      );
      await this.deleteKeys(keys);
      moved += keys.length;
      cursor = next;
    } while (cursor);
    if (moved === 0) {
      throw new ObjectNotFoundError(fromKey);
    }
  }

  private async copyKey(source: string, target: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: target,
        CopySource: copySourceOf(this.bucket, source),
      }),
    );
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length === 0) {
      return;
    }
    const out = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
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

/** Runs `task` over `items`, at most `limit` at a time. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
