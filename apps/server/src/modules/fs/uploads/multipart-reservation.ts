import type { AppDeps } from '@/context';
import {
  reserveWithRecord,
  settleWithRecord,
  type LedgerMove,
} from '@/modules/storage-configs/service';
import { FsUploadSessionsRepo, type FsUploadSessionRow } from './sessions-repo';

/**
 * The capacity a multipart upload into a mount holds (DESIGN §5, issue 29). Its parts take
 * storage from the first one on, so init reserves the announced size on the ledger in the
 * transaction that inserts the session (fs_upload_sessions.config_id / reserved_bytes,
 * migration 014): parallel inits can never together hold more than the capacity.
 *
 * Whoever deletes the session row moves the ledger, in the transaction of that DELETE and
 * only when it removed the row, so the reservation goes exactly once however complete,
 * abort, the sweeper and a mount's deletion race:
 * - complete settles it: used += written − replaced, the reservation goes;
 * - abort, the sweeper and a resume whose storage forgot the upload release it;
 * - a mount's deletion releases its sessions' (modules/mounts/service.ts deleteMount);
 * - a storage config's deletion takes its sessions along with its ledger row (the FK).
 * A session from before migration 014 reserved nothing and releases nothing.
 */

/** The release a session's deletion makes: its reservation goes, nothing is counted. */
export function releaseOf(session: FsUploadSessionRow): LedgerMove[] {
  return session.config_id !== null && session.reserved_bytes > 0
    ? [{ configId: session.config_id, reserved: session.reserved_bytes, delta: 0 }]
    : [];
}

/**
 * Inserts a new session and reserves its `reserved_bytes` on `config_id`, in ONE
 * transaction; INSUFFICIENT_STORAGE (507) when they do not fit — then no row is written.
 */
export async function insertReservedSession(
  deps: AppDeps,
  session: FsUploadSessionRow & { config_id: string },
): Promise<void> {
  await reserveWithRecord(
    deps,
    { configId: session.config_id, bytes: session.reserved_bytes, fileSize: session.file_size },
    (trx) => new FsUploadSessionsRepo(trx).insert(session),
  );
}

/**
 * Deletes a session and releases its reservation, together; nothing when another caller
 * deleted it first. With `expiredBy`, only while the session is still idle past it (the
 * sweeper). Answers whether this call removed it.
 */
export async function dropSession(
  deps: AppDeps,
  session: FsUploadSessionRow,
  expiredBy?: string,
): Promise<boolean> {
  let removed = false;
  await settleWithRecord(deps, async (trx) => {
    const repo = new FsUploadSessionsRepo(trx);
    removed =
      expiredBy === undefined
        ? await repo.delete(session.id)
        : await repo.deleteExpired(session.id, expiredBy);
    return removed ? releaseOf(session) : [];
  });
  return removed;
}

/** The file a complete made, as the ledger counts it. */
export interface CompletedFile {
  /** The ledger the session's bytes are on (its own config, else the mount's). */
  configId: string;
  /** Bytes reserved at complete on top of the session's (a session from before 014). */
  extra: number;
  /** The file's size. */
  written: number;
  /** The size of the file it replaced, read before the parts became the file (0: none). */
  replaced: number;
}

/**
 * Deletes a completed session and settles its reservation — used += written − replaced,
 * the session's reservation and `extra` go — in one transaction. When another call deleted
 * the session first (a parallel complete that counted the file), only `extra` goes.
 * Answers whether this call counted the file.
 */
export async function settleCompletedSession(
  deps: AppDeps,
  session: FsUploadSessionRow,
  file: CompletedFile,
): Promise<boolean> {
  let counted = false;
  await settleWithRecord(deps, async (trx) => {
    counted = await new FsUploadSessionsRepo(trx).delete(session.id);
    if (counted) {
      return [
        {
          configId: file.configId,
          reserved: session.reserved_bytes + file.extra,
          delta: file.written - file.replaced,
        },
      ];
    }
    return file.extra > 0 ? [{ configId: file.configId, reserved: file.extra, delta: 0 }] : [];
  });
  return counted;
}
