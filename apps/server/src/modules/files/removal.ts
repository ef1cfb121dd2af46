import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { getStorage } from '@/modules/storage-configs/service';
import { findUploadSession } from './upload-sessions';
import { FilesRepo, type FileRow, type FileScope } from './repo';

/**
 * Deletes a share and what it stored: a multipart upload still in flight is aborted, the
 * object goes first, the row after. When the object cannot be deleted (any error but
 * "missing", which the driver ignores), the row stays so nothing is orphaned unseen.
 */
export async function removeFileShare(
  deps: AppDeps,
  row: Pick<FileRow, 'id' | 's3_config_id' | 'storage_path'>,
  scope: FileScope,
): Promise<number> {
  const { driver } = await getStorage(deps, row.s3_config_id);
  const session = await findUploadSession(deps, row.id);
  if (session) {
    try {
      await driver.abortMultipart(session.storage_path, session.upload_id);
    } catch (error) {
      // An upload the storage no longer knows is as good as aborted.
      deps.logger.warn({ err: error, fileId: row.id }, 'aborting a multipart upload failed');
    }
  }
  try {
    await driver.delete([row.storage_path]);
  } catch (error) {
    deps.logger.error({ err: error, fileId: row.id }, 'deleting a stored file failed');
    throw new AppError('FILE_DELETE_FAILED');
  }
  return new FilesRepo(deps.db).delete(row.id, scope);
}
