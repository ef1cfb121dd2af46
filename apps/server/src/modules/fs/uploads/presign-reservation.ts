import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  releaseQuietly,
  reserveBytes,
  reserveWithRecord,
  settleWithRecord,
  type LedgerMove,
} from '@/modules/storage-configs/service';
import type { ObjectStat } from '@/storage/driver';
import type { FsUploadCaller } from './caller';
import type { UploadDestination } from './destination';
import { FsPresignRepo, type FsPresignRow } from './presign-repo';

/**
 * The capacity a presigned PUT into a mount holds (DESIGN §5, issue 29). The bytes go to
 * the storage behind the server's back, so presign reserves the announced size on the
 * ledger before it signs, and records the reservation (fs_presign_uploads, migration 013):
 * parallel presigns can never together sign more than the capacity.
 *
 * - The commit settles it: used += stored − replaced, the reservation goes — once: the
 *   record is marked settled in the same transaction, so a repeated commit counts nothing.
 * - A presign never committed is closed by the sweeper once its URL has expired (plus a
 *   grace for a PUT still streaming): released, or — when the object arrived all the same —
 *   settled, since the storage holds those bytes whether or not the client commits.
 *
 * "Replaced" is the object at the key when presign ran, not at commit: by the commit the
 * PUT has already overwritten it (S3 and local alike), so presign is the last moment its
 * size can be read. The whole announced size is reserved (not the difference), so the
 * capacity holds while the URL lives even if the old file is deleted meanwhile. Should the
 * file be changed through another door between presign and commit, that write counted
 * itself and the figure is off by it until the next recount (the sweeper's, hourly).
 */

/** An open presign is closed this long after its URL expired: a PUT begun in time may still stream. */
export const PRESIGN_SWEEP_GRACE_MS = 15 * 60_000;

/** A settled record is kept this long after its URL expired, so a late repeated commit counts nothing. */
export const PRESIGN_SETTLED_KEEP_MS = 24 * 60 * 60_000;

/**
 * Reserves `fileSize` for a presign into `destination` and records it, in one transaction;
 * INSUFFICIENT_STORAGE (507) when it does not fit — before anything is signed.
 */
export async function openPresignReservation(
  caller: FsUploadCaller,
  destination: UploadDestination,
  fileSize: number,
): Promise<FsPresignRow> {
  const { deps } = caller;
  const replaced = await destination.driver.stat(destination.key);
  const now = deps.clock.now();
  const expiresInMs = destination.config.signature_expires_in * 1000;
  const row: FsPresignRow = {
    id: newId(),
    config_id: destination.mount.storageConfigId,
    mount_id: destination.mount.id,
    path: destination.path,
    storage_key: destination.key,
    reserved_bytes: fileSize,
    replaced_bytes: replaced?.size ?? null,
    replaced_etag: replaced?.etag ?? null,
    created_by: caller.createdBy,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + expiresInMs).toISOString(),
    settled_at: null,
  };
  await reserveWithRecord(deps, { configId: row.config_id, bytes: fileSize, fileSize }, (trx) =>
    new FsPresignRepo(trx).insert(row),
  );
  return row;
}

/** Deletes an open record and releases its reservation (nothing, if it was closed already). */
export async function dropPresignReservation(deps: AppDeps, row: FsPresignRow): Promise<void> {
  await settleWithRecord(deps, async (trx) =>
    (await new FsPresignRepo(trx).deleteOpen(row.id))
      ? [{ configId: row.config_id, reserved: row.reserved_bytes, delta: 0 }]
      : [],
  );
}

/** The object is still the one presign found at the key: this presign's PUT has not arrived. */
function unchangedSincePresign(row: FsPresignRow, stat: ObjectStat): boolean {
  return (
    row.replaced_bytes !== null &&
    stat.size === row.replaced_bytes &&
    stat.etag === row.replaced_etag
  );
}

/**
 * Settles an open record for the object `stat` describes — used += stored − replaced, its
 * reservation plus `extra` goes — and releases the other open records for the same object
 * (one object is counted once). False when another caller closed the record first.
 */
async function settleOpen(
  deps: AppDeps,
  row: FsPresignRow,
  stat: ObjectStat,
  extra: number,
): Promise<boolean> {
  const moves = await settleWithRecord(deps, async (trx): Promise<LedgerMove[]> => {
    const repo = new FsPresignRepo(trx);
    if (!(await repo.markSettled(row.id, isoNow(deps.clock)))) {
      return [];
    }
    const siblings = await repo.takeOpenSiblings(row);
    return [
      {
        configId: row.config_id,
        reserved: row.reserved_bytes + extra,
        delta: stat.size - (row.replaced_bytes ?? 0),
      },
      ...siblings.map((sibling) => ({
        configId: sibling.config_id,
        reserved: sibling.reserved_bytes,
        delta: 0,
      })),
    ];
  });
  return moves.length > 0;
}

/**
 * Counts the object a presign's commit found (its size already checked against the
 * announced one) on the ledger. The caller's newest record for the object decides:
 * - open: settled now. An object larger than reserved (the signed URL lets no more in, so
 *   it came from elsewhere) must get the difference reserved, or is refused (507) and
 *   removed — the storage never holds more than its capacity through the product.
 * - settled: a repeated commit; nothing more is counted.
 * - open, but the object is still the one presign found: the PUT has not arrived (or this
 *   commit repeats an earlier upload's); nothing is counted and the record stays open.
 * - none (presigned before migration 013, closed by the sweeper while its PUT still
 *   streamed, or a commit repeated after its settled record was swept): counted now, as
 *   bytes written behind the ledger's back, but never refused: the object may be a file
 *   committed long ago, and deleting it would lose data, where an over-count only lasts
 *   until the next recount.
 */
export async function settlePresignedUpload(
  caller: FsUploadCaller,
  target: { configId: string; key: string },
  stat: ObjectStat,
  remove: () => Promise<void>,
): Promise<void> {
  const { deps } = caller;
  const repo = new FsPresignRepo(deps.db);
  // A second pass only when a parallel commit or the sweeper closed the record under us.
  for (let pass = 0; pass < 2; pass += 1) {
    const row = await repo.findLatest({ ...target, scope: caller.scope });
    if (!row) {
      await settleWithRecord(deps, () =>
        Promise.resolve([{ configId: target.configId, reserved: 0, delta: stat.size }]),
      );
      return;
    }
    if (row.settled_at !== null || unchangedSincePresign(row, stat)) {
      return;
    }
    const extra = Math.max(0, stat.size - row.reserved_bytes);
    const held = extra > 0 ? await holdExtra(caller, row, extra, stat.size, remove) : null;
    if (await settleOpen(deps, row, stat, extra)) {
      return;
    }
    if (held) {
      await releaseQuietly(deps, held);
    }
  }
}

/** Reserves the bytes an object holds past its presign's reservation, or refuses and removes it. */
async function holdExtra(
  caller: FsUploadCaller,
  row: FsPresignRow,
  extra: number,
  fileSize: number,
  remove: () => Promise<void>,
) {
  try {
    return await reserveBytes(caller.deps, row.config_id, extra, fileSize);
  } catch (error) {
    await remove().catch((failure: unknown) => {
      caller.deps.logger.warn({ err: failure }, 'removing an upload past the capacity failed');
    });
    await dropPresignReservation(caller.deps, row);
    throw error;
  }
}

/**
 * Closes one expired open record (sweeper): settled when its object arrived without a
 * commit — changed since presign and no larger than reserved, so it is what the signed URL
 * let in — else released. `stat` is null when nothing is at the key.
 */
export async function closeExpiredPresign(
  deps: AppDeps,
  row: FsPresignRow,
  stat: ObjectStat | null,
): Promise<void> {
  const arrived =
    stat !== null && stat.size <= row.reserved_bytes && !unchangedSincePresign(row, stat);
  // Either way, a record another caller closed first is left as it is.
  if (arrived) {
    await settleOpen(deps, row, stat, 0);
  } else {
    await dropPresignReservation(deps, row);
  }
}
