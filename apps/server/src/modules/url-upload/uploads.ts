import type { FileShare } from '@pastebox/contract/schemas/file';
import type {
  CommitBody,
  MultipartCompleteBody,
  PresignResult,
} from '@pastebox/contract/schemas/upload';
import type {
  UrlMultipartInitBody,
  UrlMultipartSession,
  UrlPresignBody,
} from '@pastebox/contract/schemas/url-upload';
import type { AppDeps, Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { changeFile, findFile, findUploadSession, normaliseRemark } from '@/modules/files/service';
import { getStorage } from '@/modules/storage-configs/service';
import {
  abortMultipart,
  commitUpload,
  completeMultipart,
  discardPendingUpload,
  initMultipart,
  partUrls,
  presignUpload,
  uploadScope,
} from '@/modules/uploads/service';
import { describeRemoteFile } from './remote-file';

/**
 * URL upload, storing side (SPEC §4, §7): the browser has downloaded the remote file and
 * uploads it by the presigned or the multipart path. These calls reuse the uploads
 * module's services; what they add is naming the file from the URL.
 */

/** Part URLs handed out with url/multipart/init; the rest come from part-url. */
const INITIAL_PART_URLS = 100;

interface UrlFile {
  filename: string;
  mimetype: string | null;
  size: number;
}

type UrlTarget = Pick<UrlPresignBody, 'url' | 'metadata' | 'filename' | 'mimetype' | 'size'>;

/**
 * Name, type and size of the file to store: what the caller says (the downloaded size
 * first), and what the URL answers for anything missing. The size must be known.
 */
async function resolveUrlFile(deps: AppDeps, body: UrlTarget): Promise<UrlFile> {
  const given = {
    filename: body.filename ?? body.metadata?.filename ?? null,
    mimetype: body.mimetype ?? body.metadata?.mimetype ?? body.metadata?.contentType ?? null,
    size: body.size ?? body.metadata?.size ?? null,
  };
  if (given.filename !== null && given.size !== null) {
    return { filename: given.filename, mimetype: given.mimetype, size: given.size };
  }
  const remote = await describeRemoteFile(deps, body.url);
  const size = given.size ?? remote.size;
  if (size === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The remote server does not announce the size: download the file and give its size',
      [{ path: 'size', message: 'Required when the URL does not announce a Content-Length' }],
    );
  }
  return {
    filename: given.filename ?? remote.filename,
    mimetype: given.mimetype ?? remote.mimetype,
    size,
  };
}

/** POST /api/url/presign: s3/presign for a file named after its URL. */
export async function presignUrlUpload(
  deps: AppDeps,
  principal: Principal,
  body: UrlPresignBody,
  linkBase: string,
): Promise<PresignResult> {
  const file = await resolveUrlFile(deps, body);
  const result = await presignUpload(
    deps,
    principal,
    { s3_config_id: body.s3_config_id, path: body.path, slug: body.slug, ...file },
    linkBase,
  );
  const remark = normaliseRemark(body.remark);
  if (remark !== null) {
    const changes = { remark, updated_at: isoNow(deps.clock) };
    await changeFile(deps, result.file_id, { kind: 'all' }, changes);
  }
  return result;
}

/** POST /api/url/commit: s3/commit; a remark given at presign stays unless one is given. */
export async function commitUrlUpload(
  deps: AppDeps,
  principal: Principal,
  body: CommitBody,
  linkBase: string,
): Promise<FileShare> {
  if (body.remark !== undefined) {
    return commitUpload(deps, principal, body, linkBase);
  }
  const pending = await findFile(deps, body.file_id, uploadScope(principal));
  return commitUpload(deps, principal, { ...body, remark: pending?.remark ?? null }, linkBase);
}

/** POST /api/url/multipart/init: upload/multipart/init plus URLs for the first parts. */
export async function initUrlMultipart(
  deps: AppDeps,
  principal: Principal,
  body: UrlMultipartInitBody,
  linkBase: string,
): Promise<UrlMultipartSession> {
  const file = await resolveUrlFile(deps, body);
  const session = await initMultipart(deps, principal, {
    s3_config_id: body.s3_config_id,
    path: body.path,
    slug: body.slug,
    remark: body.remark,
    password: body.password,
    expires_in: body.expires_in,
    max_views: body.max_views,
    ...file,
  });
  const count = Math.min(session.part_count, INITIAL_PART_URLS);
  const { urls } = await partUrls(
    deps,
    principal,
    {
      file_id: session.file_id,
      upload_id: session.upload_id,
      part_numbers: Array.from({ length: count }, (_, index) => index + 1),
    },
    linkBase,
  );
  return { ...session, urls };
}

/** POST /api/url/multipart/complete: as upload/multipart/complete. */
export function completeUrlMultipart(
  deps: AppDeps,
  principal: Principal,
  body: MultipartCompleteBody,
  linkBase: string,
): Promise<FileShare> {
  return completeMultipart(deps, principal, body, linkBase);
}

/** POST /api/url/multipart/abort: as upload/multipart/abort; nothing to abort is a 404. */
export function abortUrlMultipart(
  deps: AppDeps,
  principal: Principal,
  fileId: string,
  uploadId: string,
): Promise<{ aborted: boolean }> {
  return abortMultipart(deps, principal, fileId, uploadId);
}

/**
 * POST /api/url/cancel: drops the caller's upload in flight — a multipart one is
 * aborted; a presigned one loses its pending record and any object already PUT. A
 * finished share is never touched: nothing to cancel answers UPLOAD_NOT_FOUND.
 */
export async function cancelUrlUpload(
  deps: AppDeps,
  principal: Principal,
  fileId: string,
): Promise<{ cancelled: boolean }> {
  const row = await findFile(deps, fileId, uploadScope(principal));
  if (!row || row.status !== 'pending') {
    throw new AppError('UPLOAD_NOT_FOUND', 'There is no upload in progress to cancel');
  }
  const session = await findUploadSession(deps, fileId);
  if (session) {
    await abortMultipart(deps, principal, fileId, session.upload_id);
    return { cancelled: true };
  }
  // The row goes only once the object is (a storage that does not answer: 503, row kept).
  await discardPendingUpload(deps, await getStorage(deps, row.s3_config_id), row);
  return { cancelled: true };
}
