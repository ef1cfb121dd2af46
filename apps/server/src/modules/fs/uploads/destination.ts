import { cleanFileName } from '@pastebox/contract/rules/file-name';
import { joinPath, namesFolder } from '@pastebox/contract/rules/virtual-path';
import { AppError } from '@/lib/errors';
import { getStorage, type StorageConfigRow } from '@/modules/storage-configs/service';
import { assertQuota, assertWithinMaxSize, maxUploadBytes } from '@/modules/uploads/service';
import { VfsError, type FileSystem, type ResolvedPath, type VfsEntry } from '@/vfs/types';
import type { FsUploadCaller } from './caller';

/** Where an upload into a mount goes: the file's virtual path and the storage behind it. */
export interface UploadDestination extends ResolvedPath {
  config: StorageConfigRow;
}

/** The entry at `path`, or null when nothing is there. */
async function statOrNull(fs: FileSystem, path: string): Promise<VfsEntry | null> {
  try {
    return await fs.stat(path);
  } catch (error) {
    if (error instanceof VfsError && error.code === 'NOT_FOUND') {
      return null;
    }
    throw error;
  }
}

/**
 * The file path an upload names (SPEC §7 upload, multipart/init, presign): `path` is the
 * file itself, or a folder — written with a trailing `/`, or one that exists — into which
 * the file goes under its own (cleaned) name.
 */
async function filePathOf(fs: FileSystem, raw: string, fileName: string | undefined) {
  const path = fs.normalise(raw);
  const inFolder = (name: string) => fs.normalise(joinPath(path, cleanFileName(name)));
  if (namesFolder(raw) || path === '/') {
    if (!fileName) {
      throw new AppError('VALIDATION_FAILED', 'The path names a folder: give the file name too', [
        { path: 'filename', message: 'required when path ends with /' },
      ]);
    }
    const inside = inFolder(fileName);
    return { path: inside, existing: await statOrNull(fs, inside) };
  }
  const existing = await statOrNull(fs, path);
  if (existing?.isDirectory && fileName) {
    const inside = inFolder(fileName);
    return { path: inside, existing: await statOrNull(fs, inside) };
  }
  return { path, existing };
}

/**
 * Resolves an upload's destination for this caller: the path is normalised and checked
 * (PATH_INVALID, PATH_FORBIDDEN outside a key's basic_path), it must lie inside a mount and
 * must not be a folder or a mount point, nor locked by another principal (WebDAV locks).
 */
export async function resolveDestination(
  caller: FsUploadCaller,
  raw: string,
  fileName?: string,
): Promise<UploadDestination> {
  const { path, existing } = await filePathOf(caller.fs, raw, fileName);
  if (existing?.isDirectory) {
    throw new VfsError('NOT_A_FILE', path);
  }
  const resolved = await caller.fs.resolve(path);
  if (resolved.key === '') {
    throw new VfsError('MOUNT_POINT', path);
  }
  // Another's WebDAV lock refuses the upload before a byte goes (LOCKED, 423).
  await caller.fs.assertWritable(path);
  const { config } = await getStorage(caller.deps, resolved.mount.storageConfigId);
  return { ...resolved, path, config };
}

/**
 * Refuses a file over the max upload size (413) or past the storage's capacity (507)
 * before a byte is stored; answers the bytes still free (null: no capacity set).
 */
export async function assertUploadFits(
  caller: FsUploadCaller,
  destination: UploadDestination,
  size: number,
): Promise<number | null> {
  assertWithinMaxSize(size, await maxUploadBytes(caller.deps));
  return assertQuota(caller.deps, destination.config, size);
}

