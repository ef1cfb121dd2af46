import type { Readable } from 'node:stream';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { findFile, presentManaged } from '@/modules/files/service';
import { holdQuota, releaseQuotaHold } from '@/modules/quotas/service';
import { capacityLedger } from '@/modules/storage-configs/service';
import { reservedWrite } from '@/vfs/capacity';
import { assertQuota, assertWithinMaxSize, maxUploadBytes } from './limits';
import { quotaGuardedLedger } from './quota-ledger';
import { prepareOptions } from './share-record';
import { resolveUploadTarget } from './target';
import { abandonUploadIntent, completeUploadIntent, recordUploadIntent } from './upload-intent';

/** A file the server itself reads from elsewhere (a mount file), to become a file share. */
export interface StreamedFile {
  /** Storage config; the default one when null. */
  s3_config_id: string | null;
  filename: string;
  mimetype: string;
  /** The file's size: reserved before a byte is read, and what the stored object must hold. */
  size: number;
  private: boolean;
}

/**
 * Makes a file share of `principal` from a stream the server opens itself (issue 33: a
 * file request's mount arrival "shared" in one step). Counted like any upload of theirs:
 * max size, the storage's capacity and the member's quota before a byte is read, the bytes
 * reserved while they stream (never buffered); a pending row names the key before the
 * first byte, so a failed copy leaves no object and no row (or the row, for the sweeper).
 */
export async function storeStreamAsShare(
  deps: AppDeps,
  principal: Principal,
  file: StreamedFile,
  openBody: () => Promise<Readable>,
  linkBase: string,
): Promise<FileShare> {
  assertWithinMaxSize(file.size, await maxUploadBytes(deps));
  const target = await resolveUploadTarget(deps, principal, {
    s3_config_id: file.s3_config_id,
    path: '',
    filename: file.filename,
  });
  await assertQuota(deps, target.config, file.size);
  const options = await prepareOptions(deps, { private: file.private });
  const hold = await holdQuota(deps, principal, 0);
  try {
    // From here on a row names the key, whatever becomes of the copy (issue 34).
    const intent = await recordUploadIntent(deps, principal, target, file.mimetype);
    let body: Readable | undefined;
    let stored;
    try {
      body = await openBody();
      const ledger = quotaGuardedLedger(deps, capacityLedger(deps), hold);
      const plan = { configId: target.config.id, size: file.size, replaced: 0 };
      stored = await reservedWrite(ledger, plan, body, (stream) =>
        target.driver.put(target.key, stream, { contentType: file.mimetype }),
      );
    } catch (error) {
      body?.destroy();
      await abandonUploadIntent(deps, target, intent, 0);
      throw error;
    }
    try {
      if (stored.size !== file.size) {
        throw new AppError('UPLOAD_INCOMPLETE', 'The copy does not have the size of the file');
      }
      await completeUploadIntent(deps, intent, { size: stored.size, etag: stored.etag, options });
    } catch (error) {
      await abandonUploadIntent(deps, target, intent, stored.size);
      throw error;
    }
    const created = await findFile(deps, intent.id, { kind: 'all' });
    if (!created) {
      throw new AppError('FILE_NOT_FOUND');
    }
    return await presentManaged(deps, created, linkBase);
  } finally {
    // The row counts the bytes now (or the copy failed): the hold goes.
    await releaseQuotaHold(deps, hold);
  }
}
