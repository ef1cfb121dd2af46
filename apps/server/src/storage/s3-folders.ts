import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { FolderMoveIncompleteError, ObjectNotFoundError, type FolderStat } from './driver';
import { InvalidKeyError, normaliseFolderKey } from './keys';
import { copySourceOf } from './s3-client';
import { withFolderLock } from './s3-folder-locks';

/** Objects copied at once while a folder moves: enough to hide latency, few sockets. */
const MOVE_CONCURRENCY = 8;

/** Keys per DeleteObjects request: S3's limit. */
const DELETE_BATCH = 1000;

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

  /**
   * One listing of a single key under the folder: any key means the folder exists, and
   * the first one, when it is the `name/` marker (it sorts before every key under it), is
   * the only date S3 keeps for a folder. The root, and a folder made only of its files,
   * have none.
   */
  async stat(key: string): Promise<FolderStat | null> {
    const prefix = this.prefixOf(key);
    if (prefix === this.prefix) {
      return { lastModified: null };
    }
    const out = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1 }),
    );
    const first = out.Contents?.[0];
    if (!first) {
      return null;
    }
    return { lastModified: first.Key === prefix ? (first.LastModified ?? null) : null };
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

  /**
   * Deletes every key under the folder; ObjectNotFoundError when there was none. Waits for
   * any move or delete of an overlapping folder in this process (s3-folder-locks.ts);
   * across processes the file system holds a lease around it (vfs/folder-leases.ts).
   */
  async delete(key: string): Promise<void> {
    const prefix = this.prefixOf(key);
    if (prefix === this.prefix) {
      throw new InvalidKeyError(key, 'the storage root cannot be deleted');
    }
    await withFolderLock(this.bucket, [prefix], async () => {
      // Always the first page again: what was deleted is gone, so no cursor is needed.
      for (let first = true; ; first = false) {
        const { keys } = await this.page(prefix, undefined);
        if (keys.length === 0 && first) {
          throw new ObjectNotFoundError(key);
        }
        if (keys.length === 0) {
          return;
        }
        await this.deleteKeys(keys);
      }
    });
  }

  /**
   * Copies every object under the folder to the new name, and only then deletes the old
   * ones, so a failure leaves every object whole at the source or at the target. A copy
   * that fails takes the copies made back (nothing moved: FolderMoveIncompleteError with
   * nothing left); a delete that fails leaves every object at the target and some also at
   * the source (FolderMoveIncompleteError counting those), and the same move again copies
   * over what is there and deletes the rest. Moves and deletes of overlapping folders run
   * one after another in this process (and, under the file system's leases, across
   * processes), so of two moves of one folder the second finds it gone (ObjectNotFoundError).
   */
  async move(fromKey: string, toKey: string): Promise<void> {
    const from = this.prefixOf(fromKey);
    const to = this.prefixOf(toKey);
    if (from === this.prefix || to === this.prefix) {
      throw new InvalidKeyError(fromKey, 'the storage root cannot be moved');
    }
    await withFolderLock(this.bucket, [from, to], async () => {
      const keys = await this.allKeys(from);
      if (keys.length === 0) {
        throw new ObjectNotFoundError(fromKey);
      }
      await this.copyAll(keys, from, to, fromKey, toKey);
      let deleted = 0;
      try {
        for (let at = 0; at < keys.length; at += DELETE_BATCH) {
          const batch = keys.slice(at, at + DELETE_BATCH);
          await this.deleteKeys(batch);
          deleted += batch.length;
        }
      } catch (error) {
        throw new FolderMoveIncompleteError(fromKey, toKey, keys.length - deleted, error);
      }
    });
  }

  /** Every key under a full prefix, page after page. */
  private async allKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.page(prefix, cursor);
      keys.push(...page.keys);
      cursor = page.next;
    } while (cursor);
    return keys;
  }

  /** The copy half of a move; on a failure the copies made go again, the sources stay. */
  private async copyAll(
    keys: string[],
    from: string,
    to: string,
    fromKey: string,
    toKey: string,
  ): Promise<void> {
    const copied: string[] = [];
    try {
      await forEachLimited(keys, MOVE_CONCURRENCY, async (source) => {
        const target = `${to}${source.slice(from.length)}`;
        await this.copyKey(source, target);
        copied.push(target);
      });
    } catch (error) {
      for (let at = 0; at < copied.length; at += DELETE_BATCH) {
        // Best effort: a copy left behind duplicates its source, which is still whole.
        await this.deleteKeys(copied.slice(at, at + DELETE_BATCH)).catch(() => undefined);
      }
      throw new FolderMoveIncompleteError(fromKey, toKey, 0, error);
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

/**
 * Runs `task` over `items`, at most `limit` at a time. After a failure no new task starts,
 * and it rejects (with the first failure) only once the running ones have ended: a caller
 * that then undoes what was done sees all of it.
 */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && failure === null) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== null) {
    throw (failure as { error: unknown }).error;
  }
}
