import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CapacityLedger } from './capacity';
import { copyFailureMessage } from './copy-failures';
import { byCodeUnit, childKey, doneBefore, keyAtOrUnder } from './copy-order';
import { listStorageFolder } from './listing';
import { onStorage } from './storage-errors';
import {
  VfsError,
  type CopyEvent,
  type CopyOptions,
  type ResolvedPath,
  type VfsEntry,
} from './types';

/** S3 copies at most 5 GiB in one CopyObject; a larger object within one storage streams. */
const SINGLE_COPY_MAX_BYTES = 5 * 1024 ** 3;

/**
 * The copy engine behind FileSystem.copy (DESIGN §7): copies `source` (a file, or a folder
 * recursively) to `target`. Within one storage config it copies server-side; across
 * storages it streams object by object, memory flat. Reports progress through
 * options.onEvent. Once options.signal aborts it stops at once, rejecting with the
 * signal's reason: the object in flight is abandoned (its stream and write aborted,
 * nothing of it left at the target) and the objects already copied stay. An object that
 * fails is reported and the copy goes on; only what makes the whole copy impossible
 * rejects. Each object reserves its size on the target's storage config before it is
 * written (DESIGN §5), a server-side copy too: one past the capacity fails alone, with
 * the ledger's refusal.
 */
export async function copyEntry(
  source: ResolvedPath,
  sourceEntry: VfsEntry,
  target: ResolvedPath,
  options: CopyOptions,
  ledger: CapacityLedger,
): Promise<void> {
  const run = new CopyRun(source, target, options, ledger);
  if (run.serverSide && keyAtOrUnder(source.key, target.key)) {
    // Two mounts of one config share its keys: `/a/x` → `/b/x/y` may be x into itself.
    throw new VfsError('INTO_ITSELF', target.path, intoItselfMessage(source.path, target.path));
  }
  await onStorage(target.path, async () => {
    if (sourceEntry.isDirectory && (await target.driver.stat(target.key))) {
      throw new VfsError('NOT_A_FOLDER', target.path, 'a file has the name of the target folder');
    }
    if (!sourceEntry.isDirectory && (await target.driver.folderExists(target.key))) {
      throw new VfsError('ALREADY_EXISTS', target.path, 'a folder has the name of the target');
    }
  });
  if (sourceEntry.isDirectory) {
    await run.folder(source.path, source.key, target.key);
  } else if (!doneBefore(source.path, false, options.resumeAfter)) {
    await run.emit({ kind: 'discovered', files: 1, bytes: sourceEntry.size });
    await run.file(sourceEntry, source.key, target.key);
  }
}

/** The message of the refusal, naming both paths. */
export function intoItselfMessage(from: string, to: string): string {
  return `${from} cannot be copied into itself or one of its own subfolders (${to})`;
}

class CopyRun {
  /** Source and target share a storage config: objects are copied inside the storage. */
  readonly serverSide: boolean;

  constructor(
    private readonly source: ResolvedPath,
    private readonly target: ResolvedPath,
    private readonly options: CopyOptions,
    private readonly ledger: CapacityLedger,
  ) {
    this.serverSide = source.mount.storageConfigId === target.mount.storageConfigId;
  }

  /** Where a source path lands: the same place under the target. */
  private targetPathOf(sourcePath: string): string {
    return this.target.path + sourcePath.slice(this.source.path.length);
  }

  async emit(event: CopyEvent): Promise<void> {
    await this.options.onEvent?.(event);
  }

  /** Bytes are reported as they flow, without waiting for whoever listens. */
  private flowed(bytes: number): void {
    const pending = this.options.onEvent?.({ kind: 'bytes', bytes });
    if (pending instanceof Promise) {
      pending.catch(() => undefined);
    }
  }

  /** A folder: listed whole (one level), its files reported, then walked in code-unit order. */
  async folder(path: string, fromKey: string, toKey: string): Promise<void> {
    this.options.signal?.throwIfAborted();
    let entries: VfsEntry[];
    try {
      entries = await onStorage(path, () => listStorageFolder(this.source.driver, fromKey, path));
    } catch (error) {
      await this.failed(path, error);
      return;
    }
    if (entries.length === 0) {
      await this.emptyFolder(path, toKey);
      return;
    }
    const todo = entries
      .filter((entry) => !doneBefore(entry.path, entry.isDirectory, this.options.resumeAfter))
      .sort((a, b) => byCodeUnit(a.name, b.name));
    const files = todo.filter((entry) => !entry.isDirectory);
    if (files.length > 0) {
      const bytes = files.reduce((sum, entry) => sum + entry.size, 0);
      await this.emit({ kind: 'discovered', files: files.length, bytes });
    }
    for (const entry of todo) {
      const from = childKey(fromKey, entry.name);
      const to = childKey(toKey, entry.name);
      if (entry.isDirectory) {
        await this.folder(entry.path, from, to);
      } else {
        await this.file(entry, from, to);
      }
    }
  }

  /** An empty folder is made at the target too: a copy keeps the tree's shape. */
  private async emptyFolder(path: string, toKey: string): Promise<void> {
    this.options.signal?.throwIfAborted();
    try {
      await this.options.beforeWrite?.(this.targetPathOf(path));
      await onStorage(path, async () => {
        if (!(await this.target.driver.folderExists(toKey))) {
          await this.target.driver.createFolder(toKey);
        }
      });
    } catch (error) {
      await this.failed(path, error);
    }
  }

  /** One object: skipped, copied inside the storage, or streamed from one to the other. */
  async file(entry: VfsEntry, fromKey: string, toKey: string): Promise<void> {
    this.options.signal?.throwIfAborted();
    const { path, size } = entry;
    await this.emit({ kind: 'file-start', path, size });
    let outcome: 'copied' | 'skipped' = 'copied';
    try {
      await this.options.beforeWrite?.(this.targetPathOf(path));
      await onStorage(path, async () => {
        const existing = await this.target.driver.stat(toKey);
        if (this.options.skipExisting && existing) {
          outcome = 'skipped';
          return;
        }
        await this.reserved(size, existing?.size ?? 0, () =>
          this.copyObject(entry, fromKey, toKey),
        );
      });
    } catch (error) {
      // A stopped copy is no failure of this object: the whole copy ends here.
      this.options.signal?.throwIfAborted();
      await this.failed(path, error);
      return;
    }
    await this.emit({ kind: 'file-done', path, size, outcome });
  }

  /**
   * Runs one object's write on the target's ledger: reserved before, settled with what it
   * replaced after, released when it fails.
   */
  private async reserved(size: number, replaced: number, write: () => Promise<number>) {
    const configId = this.target.mount.storageConfigId;
    const reservation = await this.ledger.reserve(configId, Math.max(0, size - replaced), size);
    let written: number;
    try {
      written = await write();
    } catch (error) {
      await this.ledger.release(reservation).catch(() => undefined);
      throw error;
    }
    await this.ledger.settle(reservation, written, replaced);
  }

  /** Copies inside the storage when it can, else streams; answers the bytes written. */
  private async copyObject(entry: VfsEntry, fromKey: string, toKey: string): Promise<number> {
    const size = entry.size;
    if (this.serverSide && (this.source.driver.kind === 'local' || size <= SINGLE_COPY_MAX_BYTES)) {
      await this.source.driver.copy(fromKey, toKey, this.signalOption());
      return size;
    }
    return this.stream(fromKey, toKey, entry.mimetype);
  }

  private signalOption(): { signal?: AbortSignal } {
    return this.options.signal ? { signal: this.options.signal } : {};
  }

  /**
   * get → put with the size, through a meter: one chunk in flight, whatever the file's
   * size. The signal cuts both ends; the put answers only once nothing of it is left.
   */
  private async stream(fromKey: string, toKey: string, mimetype: string | null): Promise<number> {
    const object = await this.source.driver.get(fromKey);
    const meter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.flowed(chunk.length);
        done(null, chunk);
      },
    });
    const contentType = object.contentType ?? mimetype;
    // The first failure is the cause (the other end then fails for want of it); both ends
    // are waited for, so no temp file or upload outlives the answer.
    const failures: unknown[] = [];
    const failed = (error: unknown) => {
      failures.push(error);
      object.body.destroy();
      meter.destroy();
    };
    const [, written] = await Promise.all([
      pipeline(object.body, meter, this.signalOption()).catch(failed),
      this.target.driver
        .put(toKey, meter, {
          size: object.size,
          ...(contentType ? { contentType } : {}),
          ...this.signalOption(),
        })
        .catch(failed),
    ]);
    if (failures.length === 0 && written) {
      return written.size;
    }
    this.options.signal?.throwIfAborted();
    throw failures[0];
  }

  private async failed(path: string, error: unknown): Promise<void> {
    await this.emit({
      kind: 'file-failed',
      path,
      message: copyFailureMessage(error),
      cause: error,
    });
  }
}
