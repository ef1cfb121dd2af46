import { baseNameOf } from '@pastebox/contract/rules/virtual-path';
import type {
  MultipartSession,
  PartUrlBody,
  PartUrlResult,
} from '@pastebox/contract/schemas/upload';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { absoluteUrl } from '@/lib/public-url';
import {
  abortDelegatedSession,
  completeDelegatedSession,
  delegatedPartUrls,
  delegatedSessionParts,
  isPathUploading,
  startDelegatedSession,
  type FsUploadSessionRow,
} from '@/modules/fs/service';
import { partCountFor, presentParts } from '@/modules/uploads/service';
import type { CompletedPart } from '@/storage/driver';
import { UploadNotFoundError } from '@/storage/driver';
import { freePathIn } from './mount-names';
import { ownerUploadCaller } from './owner-fs';
import type { FileRequestRow } from './rules';

/**
 * Resumable uploads through a request into a mount folder: the fs API's own multipart
 * sessions (fs_upload_sessions, their capacity reservation and sweeper), run as the owner's
 * file system and answered in the request's own shapes, so one uploader serves both
 * targets. `file_id` is the fs session's id; the stranger never names the folder.
 */

/** The request's multipart shape of an fs session. */
function presentSession(session: FsUploadSessionRow, stored: CompletedPart[]): MultipartSession {
  return {
    file_id: session.id,
    upload_id: session.upload_id,
    key: session.storage_key,
    slug: '',
    part_size: session.part_size,
    part_count: partCountFor(session.file_size, session.part_size),
    total_size: session.file_size,
    expires_at: session.expires_at,
    parts: presentParts(stored),
  };
}

/** A new session under a name free in the folder (files and uploads in flight alike). */
export async function startMountSession(
  deps: AppDeps,
  request: FileRequestRow,
  file: { filename: string; mimetype: string; size: number },
): Promise<MultipartSession> {
  const caller = ownerUploadCaller(deps, request);
  const path = await freePathIn(caller.fs, request.mount_path ?? '/', file.filename, (candidate) =>
    isPathUploading(caller, candidate),
  );
  const session = await startDelegatedSession(caller, path, {
    contentType: file.mimetype,
    fileSize: file.size,
  });
  return presentSession(session, []);
}

export async function mountPartUrls(
  deps: AppDeps,
  request: FileRequestRow,
  body: PartUrlBody,
  linkBase: string,
): Promise<PartUrlResult> {
  const numbers = [...new Set(body.part_numbers ?? [body.part_number ?? 1])];
  const signed = await delegatedPartUrls(
    ownerUploadCaller(deps, request),
    { id: body.file_id, uploadId: body.upload_id },
    numbers,
  );
  return {
    urls: signed.map(({ partNumber, signed: part }) => ({
      part_number: partNumber,
      url: absoluteUrl(linkBase, part.url),
      method: part.method,
      headers: part.headers,
      expires_at: part.expiresAt.toISOString(),
    })),
  };
}

export async function mountStoredParts(
  deps: AppDeps,
  request: FileRequestRow,
  sessionId: string,
): Promise<MultipartSession> {
  const { session, parts } = await delegatedSessionParts(
    ownerUploadCaller(deps, request),
    sessionId,
  );
  return presentSession(session, parts);
}

/** Completes into the folder; answers what the arrival records. */
export async function completeMountSession(
  deps: AppDeps,
  request: FileRequestRow,
  ref: { id: string; uploadId: string },
  parts: Array<{ partNumber: number; etag: string }>,
) {
  const written = await completeDelegatedSession(ownerUploadCaller(deps, request), ref, parts);
  return {
    filename: baseNameOf(written.path),
    mimetype: written.contentType ?? 'application/octet-stream',
    size: written.size,
    file_id: null,
    mount_path: written.path,
  };
}

/** Aborts; a session already gone (swept, completed elsewhere) is fine: nothing is left. */
export async function abortMountSession(
  deps: AppDeps,
  request: FileRequestRow,
  ref: { id: string; uploadId: string },
): Promise<void> {
  try {
    await abortDelegatedSession(ownerUploadCaller(deps, request), ref);
  } catch (error) {
    const gone =
      error instanceof UploadNotFoundError ||
      (error instanceof AppError && error.key === 'UPLOAD_NOT_FOUND');
    if (!gone) {
      throw error;
    }
  }
}
