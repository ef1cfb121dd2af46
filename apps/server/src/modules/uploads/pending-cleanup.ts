import type { AppDeps } from '@/context';
import { StorageUnavailableError } from '@/storage/storage-unavailable';
import type { StorageHandle } from '@/modules/storage-configs/service';
import { dropPendingShare } from './share-record';

/**
 * Cleaning up after an upload that will not finish (issue 34). A pending row is the only
 * thing that names what the upload left on the storage — the sweeper finds objects and
 * multipart uploads through rows — so the row goes only once the storage has confirmed
 * that its side is gone. A cleanup the storage did not confirm keeps the row for the
 * sweeper and answers 503 STORAGE_UNAVAILABLE: the client may retry, nothing is orphaned.
 */

/** The pending row of an upload, as much of it as its cleanup needs. */
export interface PendingUpload {
  id: string;
  s3_config_id: string;
  storage_path: string;
  size: number | string;
}

/** A storage failure met while cleaning up, as the 503 the caller answers. */
export function cleanupFailure(error: unknown): StorageUnavailableError {
  return error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error);
}

/**
 * Deletes an upload's object (a missing object is no failure: S3's DeleteObjects and the
 * local driver succeed for it); any failure throws 503 STORAGE_UNAVAILABLE.
 */
export async function deleteUploadObject(
  storage: Pick<StorageHandle, 'driver'>,
  key: string,
): Promise<void> {
  try {
    await storage.driver.delete([key]);
  } catch (error) {
    throw cleanupFailure(error);
  }
}

/**
 * Deletes a pending upload's object, then its row (releasing what the row reserved). When
 * the object could not be deleted the row stays, for the sweeper to retry (sweep.ts), and
 * the call throws 503 STORAGE_UNAVAILABLE.
 */
export async function discardPendingUpload(
  deps: AppDeps,
  storage: Pick<StorageHandle, 'driver'>,
  upload: PendingUpload,
): Promise<void> {
  await deleteUploadObject(storage, upload.storage_path);
  await dropPendingShare(deps, upload);
}
