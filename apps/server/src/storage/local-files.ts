import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TEMP_FILE_PREFIX } from './keys';
import { assertDeclaredSize, MeteredStream } from './streams';

export interface TempFile {
  path: string;
  bytes: number;
  /** Hex MD5 of the content, when asked for. */
  md5: string | null;
}

/**
 * Streams `body` into a fresh hidden temp file in `dir` (same file system as the final
 * name, so a rename publishes it atomically: no reader ever sees half an object). On any
 * failure — the source erroring, too many bytes, a size other than the declared one — the
 * temp file is removed and the error rethrown. An aborted `signal` (a cancelled copy) is
 * one more such failure: the body is no longer read, the temp file goes, and the call
 * rejects with the signal's reason.
 */
export async function streamToTempFile(
  dir: string,
  body: Readable,
  options: {
    declaredSize?: number;
    max?: number;
    md5?: boolean;
    signal?: AbortSignal;
    /** false: `dir` must exist already (a multipart folder an abort may have removed). */
    createDir?: boolean;
  } = {},
): Promise<TempFile> {
  const { signal } = options;
  signal?.throwIfAborted();
  if (options.createDir !== false) {
    await fsp.mkdir(dir, { recursive: true });
  }
  const tempPath = path.join(dir, `${TEMP_FILE_PREFIX}${randomBytes(12).toString('hex')}`);
  const meter = new MeteredStream({
    ...(options.max !== undefined ? { max: options.max } : {}),
    ...(options.declaredSize !== undefined ? { exact: options.declaredSize } : {}),
    ...(options.md5 ? { md5: true } : {}),
  });
  const out = fs.createWriteStream(tempPath, { flags: 'wx' });
  try {
    await pipeline(body, meter, out, signal ? { signal } : {});
    assertDeclaredSize(options.declaredSize, meter.bytes);
    // Aborted after the last byte: the caller must not publish it either.
    signal?.throwIfAborted();
  } catch (error) {
    // The file is opened asynchronously: a pipeline that fails early could otherwise
    // remove the name before the open creates it, leaving the temp file behind.
    if (!out.closed) {
      await new Promise<void>((resolve) => out.once('close', () => resolve()));
    }
    await fsp.rm(tempPath, { force: true });
    // The pipeline's own AbortError wraps the reason; callers look for the reason itself.
    throw signal?.aborted ? (signal.reason as unknown) : error;
  }
  return { path: tempPath, bytes: meter.bytes, md5: options.md5 ? meter.md5Hex() : null };
}

/**
 * Copies the file `source` into a fresh temp file in `dir` with the kernel's copy
 * (`copy_file_range`, or a reflink where the file system shares blocks): no byte passes
 * through the process. Published with publishTempFile like a streamed write.
 */
export async function copyToTempFile(dir: string, source: string): Promise<TempFile> {
  await fsp.mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `${TEMP_FILE_PREFIX}${randomBytes(12).toString('hex')}`);
  try {
    await fsp.copyFile(
      source,
      tempPath,
      fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE,
    );
    const stats = await fsp.stat(tempPath);
    return { path: tempPath, bytes: stats.size, md5: null };
  } catch (error) {
    await fsp.rm(tempPath, { force: true });
    throw error;
  }
}

/**
 * Moves a temp file to its final name; the temp file is removed if that fails, or instead
 * when `signal` was aborted meanwhile (a cancelled copy never lands at its target).
 */
export async function publishTempFile(
  temp: TempFile,
  target: string,
  signal?: AbortSignal,
): Promise<void> {
  try {
    signal?.throwIfAborted();
    await fsp.rename(temp.path, target);
  } catch (error) {
    await fsp.rm(temp.path, { force: true });
    throw error;
  }
}

/**
 * The local driver's ETag: MD5 of (size, mtime in ms, inode). Cheap — no second read of
 * the file — and stable for as long as the file is unchanged; every write goes through a
 * rename, which gives a new inode and mtime, so a rewritten object gets a new ETag. It is
 * not a content hash: two identical files have different ETags.
 */
export function etagOfStats(stats: fs.Stats): string {
  return createHash('md5')
    .update(`${stats.size}:${Math.round(stats.mtimeMs)}:${stats.ino}`)
    .digest('hex');
}

/** Stats of a regular file, or null when there is none (missing, or a directory). */
export async function statFile(file: string): Promise<fs.Stats | null> {
  try {
    const stats = await fsp.stat(file);
    return stats.isFile() ? stats : null;
  } catch (error) {
    if (isMissing(error)) {
      return null;
    }
    throw error;
  }
}

/** Removes now-empty folders from `dir` up to (not including) `root`: S3 has no empty folders. */
export async function pruneEmptyParents(root: string, dir: string): Promise<void> {
  let current = dir;
  while (current.startsWith(root + path.sep)) {
    try {
      await fsp.rmdir(current);
    } catch {
      return;
    }
    current = path.dirname(current);
  }
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
