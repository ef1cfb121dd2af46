import type { AppDeps, Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import {
  isUniqueViolation,
  markFileReady,
  type FileChanges,
  type NewFileRow,
} from '@/modules/files/service';
import { giveBackBytes } from '@/modules/storage-configs/service';
import { discardPendingUpload } from './pending-cleanup';
import { NOT_ENCRYPTED, type FileEncryption } from './sealed-upload';
import { insertShare, type PreparedOptions } from './share-record';
import type { UploadTarget } from './target';

/**
 * The intent record of an upload streamed through the server (the form, a copy the server
 * makes itself; issue 34): a `pending` files row naming the object's key, written before
 * the first byte goes to the storage and made `ready` after. Whatever happens to the write
 * — a put whose answer is lost in an outage, a process killed between the put and the
 * record — a row names the object, so the sweeper finds it (sweep.ts) and no object is
 * ever orphaned.
 *
 * The row holds no bytes while the write runs: the write's own reservation on the
 * capacity ledger and the member's quota hold count them (quota-ledger.ts), so the row's
 * size is 0 until the write is done, and dropping it releases nothing twice.
 */

/** No options yet: a form's share options may follow the file part; they apply when done. */
const NO_OPTIONS: PreparedOptions = {
  customSlug: null,
  columns: { remark: null, password_hash: null, expires_at: null, max_views: 0, private: 0 },
};

/** Writes the pending row of an upload about to be stored at `target.key`. */
export function recordUploadIntent(
  deps: AppDeps,
  principal: Principal,
  target: UploadTarget,
  mimetype: string,
  encryption: FileEncryption = NOT_ENCRYPTED,
): Promise<NewFileRow> {
  return insertShare(deps, {
    target,
    principal,
    mimetype,
    size: 0,
    etag: null,
    status: 'pending',
    options: NO_OPTIONS,
    // The caller holds the member's quota for the bytes as they stream.
    quotaHeld: true,
    encryption,
  });
}

/** What the finished write and the share's options make of the row. */
export interface FinishedUpload {
  size: number;
  etag: string | null;
  options: PreparedOptions;
}

/**
 * Makes the row of a stored upload ready, with its size and options; a custom slug taken
 * meanwhile is 409 SLUG_TAKEN, a row no longer pending (swept) UPLOAD_NOT_FOUND.
 */
export async function completeUploadIntent(
  deps: AppDeps,
  intent: NewFileRow,
  finished: FinishedUpload,
): Promise<void> {
  const { options } = finished;
  const changes: FileChanges = {
    ...options.columns,
    ...(options.customSlug ? { slug: options.customSlug } : {}),
    size: finished.size,
    etag: finished.etag,
    updated_at: isoNow(deps.clock),
  };
  let updated;
  try {
    updated = await markFileReady(deps, intent.id, changes);
  } catch (error) {
    throw isUniqueViolation(error) ? new AppError('SLUG_TAKEN') : error;
  }
  if (updated === 0) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
}

/**
 * Undoes an upload that will not become a share: gives back the bytes a finished write
 * counted (`countedBytes`, 0 when the write failed), deletes the object, then the row.
 * When the storage does not confirm the delete, the row stays for the sweeper. Never
 * throws: it runs on the way out of an error, and that first error is the answer.
 */
export async function abandonUploadIntent(
  deps: AppDeps,
  target: Pick<UploadTarget, 'driver' | 'config'>,
  intent: NewFileRow,
  countedBytes: number,
): Promise<void> {
  await giveBackBytes(deps, target.config.id, countedBytes).catch((error: unknown) => {
    deps.logger.error(
      { err: error, fileId: intent.id },
      'giving back the bytes of an upload failed',
    );
  });
  await discardPendingUpload(deps, target, intent).catch((error: unknown) => {
    const context = { err: error, fileId: intent.id, key: intent.storage_path };
    deps.logger.warn(context, 'an abandoned upload was left to the sweeper');
  });
}
