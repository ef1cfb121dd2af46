import { cleanFileName } from '@pastebox/contract/rules/file-name';
import type {
  RequestMultipartInitBody,
  RequestReceipt,
} from '@pastebox/contract/schemas/file-request';
import type {
  MultipartCompleteBody,
  MultipartSession,
  PartUrlBody,
  PartUrlResult,
} from '@pastebox/contract/schemas/upload';
import type { AppDeps } from '@/context';
import type { AuditOrigin } from '@/lib/audit/record';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import {
  abortMultipart,
  completeMultipart,
  initMultipart,
  maxUploadBytes,
  partUrls,
  storedParts,
} from '@/modules/uploads/service';
import {
  admitFile,
  commitUpload,
  releaseUpload,
  reserveUpload,
  type Reservation,
} from './allowance';
import { recordArrival } from './notify';
import {
  abortMountSession,
  completeMountSession,
  mountPartUrls,
  mountStoredParts,
  startMountSession,
} from './receive-multipart-mount';
import type { Sender } from './public';
import { ownerPrincipal } from './rules';
import { RequestUploadsRepo } from './uploads-repo';

/**
 * Resumable uploads through a request: into a storage target, the uploads module's
 * multipart sessions run as the owner; into a mount folder, the fs API's own sessions
 * (receive-multipart-mount.ts). Each is tied to the reservation made before it began, and
 * only a session this request started is reachable through it.
 */

function assertMultipartTarget(sender: Sender): void {
  if (sender.request.kind !== 'files') {
    throw new AppError('REQUEST_KIND_MISMATCH');
  }
}

function intoMount(sender: Sender): boolean {
  return sender.request.target_type === 'mount';
}

/** POST …/multipart/init: type and size checked, the size reserved, then the session. */
export async function initRequestMultipart(
  deps: AppDeps,
  sender: Sender,
  body: RequestMultipartInitBody,
): Promise<MultipartSession> {
  assertMultipartTarget(sender);
  const { request } = sender;
  const filename = cleanFileName(body.filename);
  const mimetype = body.mimetype?.trim() || 'application/octet-stream';
  admitFile(request, { filename, mimetype, size: body.size }, await maxUploadBytes(deps));
  const reservation = await reserveUpload(deps, request, body.size);
  try {
    const session = intoMount(sender)
      ? await startMountSession(deps, request, { filename, mimetype, size: body.size })
      : await initMultipart(deps, ownerPrincipal(request), {
          s3_config_id: request.s3_config_id,
          filename,
          mimetype,
          size: body.size,
          private: true,
        });
    await new RequestUploadsRepo(deps.db).attachReservation(reservation.id, session.file_id);
    return session;
  } catch (error) {
    await releaseUpload(deps, reservation);
    throw error;
  }
}

/** The reservation of a session this request started, or 404 UPLOAD_NOT_FOUND. */
async function reservationOf(deps: AppDeps, sender: Sender, fileId: string): Promise<Reservation> {
  assertMultipartTarget(sender);
  const row = await new RequestUploadsRepo(deps.db).findReservationOfFile(
    sender.request.id,
    fileId,
  );
  if (!row) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  return { id: row.id, requestId: row.request_id, bytes: Number(row.bytes) };
}

export async function requestPartUrls(
  deps: AppDeps,
  sender: Sender,
  body: PartUrlBody,
  linkBase: string,
): Promise<PartUrlResult> {
  await reservationOf(deps, sender, body.file_id);
  return intoMount(sender)
    ? mountPartUrls(deps, sender.request, body, linkBase)
    : partUrls(deps, ownerPrincipal(sender.request), body, linkBase);
}

export async function requestStoredParts(
  deps: AppDeps,
  sender: Sender,
  fileId: string,
): Promise<MultipartSession> {
  await reservationOf(deps, sender, fileId);
  return intoMount(sender)
    ? mountStoredParts(deps, sender.request, fileId)
    : storedParts(deps, ownerPrincipal(sender.request), fileId);
}

/** The storage target's complete: the share becomes ready (private). */
async function completeIntoStorage(
  deps: AppDeps,
  sender: Sender,
  body: MultipartCompleteBody,
  linkBase: string,
) {
  const share = await completeMultipart(deps, ownerPrincipal(sender.request), body, linkBase);
  return {
    filename: share.filename,
    mimetype: share.mimetype,
    size: share.size,
    file_id: share.id,
    mount_path: null,
  };
}

/** POST …/multipart/complete: the file is whole, the reservation received. */
export async function completeRequestMultipart(
  deps: AppDeps,
  sender: Sender,
  body: MultipartCompleteBody,
  linkBase: string,
  origin: AuditOrigin,
): Promise<RequestReceipt> {
  const reservation = await reservationOf(deps, sender, body.file_id);
  const stored = intoMount(sender)
    ? await completeMountSession(
        deps,
        sender.request,
        { id: body.file_id, uploadId: body.upload_id },
        body.parts,
      )
    : await completeIntoStorage(deps, sender, body, linkBase);
  await commitUpload(deps, reservation, stored.size);
  return recordArrival(
    deps,
    sender,
    { id: newId(), kind: 'file', ...stored, paste_id: null, paste_slug: null },
    origin,
    linkBase,
  );
}

/** POST …/multipart/abort: parts and record go, the reservation is given back. */
export async function abortRequestMultipart(
  deps: AppDeps,
  sender: Sender,
  fileId: string,
  uploadId: string,
): Promise<{ aborted: boolean }> {
  const reservation = await reservationOf(deps, sender, fileId);
  if (intoMount(sender)) {
    await abortMountSession(deps, sender.request, { id: fileId, uploadId });
    await releaseUpload(deps, reservation);
    return { aborted: true };
  }
  const result = await abortMultipart(deps, ownerPrincipal(sender.request), fileId, uploadId);
  await releaseUpload(deps, reservation);
  return result;
}
