import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { getStorage, giveBackBytes, releaseQuietly } from '@/modules/storage-configs/service';
import { UploadNotFoundError, type StorageDriver } from '@/storage/driver';
import { StorageUnavailableError } from '@/storage/storage-unavailable';
import { findUploadSession } from './upload-sessions';
import { FilesRepo, type FileRow, type FileScope } from './repo';

/**
 * Deletes a share and what it stored: a multipart upload still in flight is aborted, the
 * object goes first, the row after. When the object cannot be deleted (any error but
 * "missing", which the driver ignores), or its multipart upload cannot be aborted (any
 * error but "no such upload"), the row stays so nothing is orphaned unseen. The
 * capacity ledger gets the bytes back: a ready share's as used, a pending one's as the
 * reservation its upload held (DESIGN §5).
 */
export async function removeFileShare(
  deps: AppDeps,
  row: Pick<FileRow, 'id' | 's3_config_id' | 'storage_path' | 'size' | 'status'>,
  scope: FileScope,
): Promise<number> {
  const { driver } = await getStorage(deps, row.s3_config_id);
  const session = await findUploadSession(deps, row.id);
  try {
    if (session) {
      await abortUnlessGone(driver, session.storage_path, session.upload_id);
    }
    await driver.delete([row.storage_path]);
  } catch (error) {
    // The row stays, naming what may still be stored; an unreachable storage is a 503.
    if (error instanceof StorageUnavailableError) {
      throw error;
    }
    deps.logger.error({ err: error, fileId: row.id }, 'deleting a stored file failed');
    throw new AppError('FILE_DELETE_FAILED');
  }
  const deleted = await new FilesRepo(deps.db).delete(row.id, scope);
  if (deleted > 0) {
    const bytes = Number(row.size);
    await (row.status === 'ready'
      ? giveBackBytes(deps, row.s3_config_id, bytes)
      : releaseQuietly(deps, { configId: row.s3_config_id, bytes }));
  }
  return deleted;
}

/** Aborts a multipart upload; one the storage no longer knows is as good as aborted. */
async function abortUnlessGone(driver: StorageDriver, key: string, uploadId: string) {
  try {
    await driver.abortMultipart(key, uploadId);
  } catch (error) {
    if (!(error instanceof UploadNotFoundError)) {
      throw error;
    }
  }
}
