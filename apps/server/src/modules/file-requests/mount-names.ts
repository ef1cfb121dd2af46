import { AppError } from '@/lib/errors';
import { VfsError, type FileSystem } from '@/vfs/types';

/** `.pdf`, `.tar.gz`: kept at the end when a name is numbered. */
const EXTENSION = /(?:\.tar)?\.[\p{L}\p{N}_-]{1,16}$/iu;

/** Numbered names tried before giving up (a folder with a thousand `report (n).pdf`). */
const MAX_TRIES = 1000;

function join(folder: string, name: string): string {
  return folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

async function isFree(fs: FileSystem, path: string): Promise<boolean> {
  try {
    await fs.stat(path);
    return false;
  } catch (error) {
    if (error instanceof VfsError && error.code === 'NOT_FOUND') {
      return true;
    }
    throw error;
  }
}

/**
 * A path in `folder` for `name` that no file holds and `inUse` does not name (a resumable
 * upload still writing there): `name`, else `name (1)`, `name (2)`… before the extension.
 * The write that follows refuses to overwrite, so two senders racing for one name never
 * replace each other's file (the later one is refused, and may retry).
 */
export async function freePathIn(
  fs: FileSystem,
  folder: string,
  name: string,
  inUse: (path: string) => Promise<boolean> = () => Promise.resolve(false),
): Promise<string> {
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const stem =
    extension && extension.length < name.length ? name.slice(0, -extension.length) : name;
  const suffix = stem === name ? '' : extension;
  for (let n = 0; n < MAX_TRIES; n += 1) {
    const candidate = join(folder, n === 0 ? name : `${stem} (${n})${suffix}`);
    if ((await isFree(fs, candidate)) && !(await inUse(candidate))) {
      return candidate;
    }
  }
  throw new AppError('PATH_EXISTS');
}

/** Takes back a stored file of an upload that failed after it; a missing one is fine. */
export async function removeQuietly(fs: FileSystem, path: string): Promise<void> {
  try {
    await fs.remove(path);
  } catch (error) {
    if (!(error instanceof VfsError && error.code === 'NOT_FOUND')) {
      throw error;
    }
  }
}
