import { InvalidRangeError, ObjectNotFoundError } from '@/storage/driver';
import { InvalidKeyError } from '@/storage/keys';
import { VfsError } from './types';

/**
 * Runs a storage call for `path`, turning the storage's own refusals into the file
 * system's: a key the storage refuses (a reserved name such as `.multipart`) is
 * INVALID_PATH, an object gone between a check and its use NOT_FOUND, and a local write
 * blocked by a file where a folder should be NOT_A_FOLDER. A bad range stays as it is:
 * the front doors answer it with 416.
 */
export async function onStorage<T>(path: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof VfsError || error instanceof InvalidRangeError) {
      throw error;
    }
    if (error instanceof InvalidKeyError) {
      throw new VfsError('INVALID_PATH', path, error.message);
    }
    if (error instanceof ObjectNotFoundError) {
      throw new VfsError('NOT_FOUND', path);
    }
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      throw new VfsError('NOT_A_FOLDER', path, 'a file stands where a folder is needed');
    }
    throw error;
  }
}
