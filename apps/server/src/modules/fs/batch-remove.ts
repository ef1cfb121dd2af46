import type { BatchResult } from '@pastebox/contract/schemas/fs';
import { isAppError } from '@/lib/errors';
import { VFS_ERROR_KEYS, vfsErrorMessage } from '@/vfs/error-keys';
import { VfsError, type FileSystem } from '@/vfs/types';

/**
 * POST batch-remove: every path on its own, one after the other, so one that fails (gone,
 * forbidden, a mount point) does not stop the rest; each failure keeps its error key. A
 * failure of the storage itself is not the path's fault: it fails the whole call.
 */
export async function removeEach(fs: FileSystem, paths: readonly string[]): Promise<BatchResult> {
  const result: BatchResult = { success: 0, failed: [] };
  for (const path of paths) {
    try {
      await fs.remove(path);
      result.success += 1;
    } catch (error) {
      if (error instanceof VfsError) {
        result.failed.push({
          path,
          error: VFS_ERROR_KEYS[error.code],
          message: vfsErrorMessage(error),
        });
      } else if (isAppError(error)) {
        result.failed.push({ path, error: error.key, message: error.message });
      } else {
        throw error;
      }
    }
  }
  return result;
}
