import { matchesAllowedTypes } from '@pastebox/contract/rules/allowed-types';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { assertAccepting } from './public';
import { FileRequestsRepo } from './repo';
import { allowedTypesOf, type FileRequestRow } from './rules';
import { RequestUploadsRepo } from './uploads-repo';

/**
 * A request's allowance (files, bytes, types): checked before a byte is stored, and
 * reserved atomically before each upload (repo.reserve), so parallel uploaders cannot
 * overshoot. A reservation is also a row, so one a dead process or an abandoned multipart
 * session left behind is given back by the sweeper.
 */

/** A reservation lives this long at most; an upload still running then has its bytes counted anyway. */
const RESERVATION_MS = 24 * 60 * 60 * 1000;

export interface Reservation {
  id: string;
  requestId: string;
  bytes: number;
}

/** Refuses a file the request will not take: its type, its size (before any byte is stored). */
export function admitFile(
  request: FileRequestRow,
  file: { filename: string; mimetype: string; size: number },
  serverMaxBytes: number,
): void {
  if (!matchesAllowedTypes(allowedTypesOf(request), file.filename, file.mimetype)) {
    throw new AppError('REQUEST_TYPE_REFUSED');
  }
  const ownMax = Number(request.max_file_bytes);
  if (ownMax > 0 && file.size > ownMax) {
    throw new AppError('REQUEST_FILE_TOO_LARGE');
  }
  if (file.size > serverMaxBytes) {
    throw new AppError('FILE_TOO_LARGE');
  }
}

/** Reserves one file of `bytes`; 409 REQUEST_LIMIT_REACHED (or 410) when it does not fit. */
export async function reserveUpload(
  deps: AppDeps,
  request: FileRequestRow,
  bytes: number,
  fileId: string | null = null,
): Promise<Reservation> {
  const repo = new FileRequestsRepo(deps.db);
  const nowIso = isoNow(deps.clock);
  if (!(await repo.reserve(request.id, bytes, nowIso))) {
    const current = await repo.findById(request.id, { kind: 'all' });
    if (!current) {
      throw new AppError('REQUEST_NOT_FOUND');
    }
    assertAccepting(current, nowIso);
    throw new AppError('REQUEST_LIMIT_REACHED');
  }
  const reservation = { id: newId(), requestId: request.id, bytes };
  try {
    await new RequestUploadsRepo(deps.db).insertReservation({
      id: reservation.id,
      request_id: request.id,
      bytes,
      file_id: fileId,
      expires_at: new Date(deps.clock.now().getTime() + RESERVATION_MS).toISOString(),
    });
  } catch (error) {
    await repo.release(request.id, bytes);
    throw error;
  }
  return reservation;
}

/** Gives a reservation back (the upload failed or was aborted); never throws. */
export async function releaseUpload(deps: AppDeps, reservation: Reservation): Promise<void> {
  try {
    if ((await new RequestUploadsRepo(deps.db).deleteReservation(reservation.id)) === 1) {
      await new FileRequestsRepo(deps.db).release(reservation.requestId, reservation.bytes);
    }
  } catch (error) {
    deps.logger.warn({ err: error, reservation }, 'a file request reservation was not released');
  }
}

/**
 * Turns a reservation into a received file of `received` bytes. A reservation the sweeper
 * already gave back still counts the file: it arrived.
 */
export async function commitUpload(
  deps: AppDeps,
  reservation: Reservation,
  received: number,
): Promise<void> {
  const ended = await new RequestUploadsRepo(deps.db).deleteReservation(reservation.id);
  await new FileRequestsRepo(deps.db).commit(
    reservation.requestId,
    ended === 1 ? reservation.bytes : null,
    received,
  );
}

/** Sweeper: reservations past their life go back to their requests; expired tokens go. */
export async function sweepRequestAllowances(deps: AppDeps): Promise<number> {
  const uploads = new RequestUploadsRepo(deps.db);
  const nowIso = isoNow(deps.clock);
  const stale = await uploads.listStaleReservations(nowIso, 500);
  for (const row of stale) {
    await releaseUpload(deps, { id: row.id, requestId: row.request_id, bytes: Number(row.bytes) });
  }
  await uploads.deleteExpiredTokens(nowIso);
  return stale.length;
}
