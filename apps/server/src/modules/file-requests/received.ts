import type {
  RequestDownloadLink,
  RequestTextAnswer,
  RequestUpload,
  RequestUploadList,
} from '@pastebox/contract/schemas/file-request';
import type { AppDeps } from '@/context';
import type { OwnerScope } from '@/db/filters';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { paginationOf, type ListRequest } from '@/lib/pagination';
import { absoluteUrl } from '@/lib/public-url';
import { changeFile, findFile, presentManaged, removeFileShare } from '@/modules/files/service';
import { deletePaste, getPaste } from '@/modules/pastes/service';
import { storeStreamAsShare } from '@/modules/uploads/service';
import { removeQuietly } from './mount-names';
import { ownerFileSystem } from './owner-fs';
import { presentUploads } from './presenter';
import { FileRequestsRepo } from './repo';
import { ownerCaller, ownerPrincipal, type FileRequestRow } from './rules';
import { RequestUploadsRepo, type RequestUploadRow } from './uploads-repo';

/** The owner's side of what arrived: list, "share it", download, delete, read a text. */

/** How long the owner's download link of a mount file works. */
const DOWNLOAD_LINK_SECONDS = 60 * 60;

async function requestIn(deps: AppDeps, scope: OwnerScope, id: string): Promise<FileRequestRow> {
  const row = await new FileRequestsRepo(deps.db).findById(id, scope);
  if (!row) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  return row;
}

async function uploadIn(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  uploadId: string,
): Promise<{ request: FileRequestRow; upload: RequestUploadRow }> {
  const request = await requestIn(deps, scope, id);
  const upload = await new RequestUploadsRepo(deps.db).findUpload(request.id, uploadId);
  if (!upload) {
    throw new AppError('REQUEST_UPLOAD_NOT_FOUND');
  }
  return { request, upload };
}

/** GET …/requests/{id}/uploads: newest first. */
export async function listRequestUploads(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  request: ListRequest,
  linkBase: string,
): Promise<RequestUploadList> {
  const owner = await requestIn(deps, scope, id);
  const repo = new RequestUploadsRepo(deps.db);
  const [rows, total] = await Promise.all([
    repo.listUploads(owner.id, request.limit, request.offset),
    repo.countUploads(owner.id),
  ]);
  return {
    items: await presentUploads(deps, rows, linkBase),
    pagination: paginationOf(total, request),
  };
}

async function presentOne(
  deps: AppDeps,
  upload: RequestUploadRow,
  linkBase: string,
): Promise<RequestUpload> {
  const [presented] = await presentUploads(deps, [upload], linkBase);
  if (!presented) {
    throw new AppError('REQUEST_UPLOAD_NOT_FOUND');
  }
  return presented;
}

/**
 * A mount arrival copied into a new public file share of the owner (default storage),
 * streamed from the folder through the storage drivers and counted like the owner's own
 * upload; the file stays in the folder. Two racing calls keep one share: the later copy goes.
 */
async function shareMountArrival(
  deps: AppDeps,
  request: FileRequestRow,
  upload: RequestUploadRow & { mount_path: string },
  linkBase: string,
): Promise<RequestUploadRow> {
  const principal = ownerPrincipal(request);
  const fs = ownerFileSystem(deps, ownerCaller(principal), request.created_by);
  const entry = await fs.stat(upload.mount_path);
  const share = await storeStreamAsShare(
    deps,
    principal,
    {
      s3_config_id: null,
      filename: entry.name,
      mimetype: upload.mimetype,
      size: entry.size,
      private: false,
    },
    async () => (await fs.read(upload.mount_path)).object.body,
    linkBase,
  );
  const repo = new RequestUploadsRepo(deps.db);
  if ((await repo.recordSharedFile(upload.id, share.id)) === 0) {
    const copy = await findFile(deps, share.id, { kind: 'all' });
    if (copy) {
      await removeFileShare(deps, copy, { kind: 'all' });
    }
  }
  return (await repo.findUpload(request.id, upload.id)) ?? upload;
}

/**
 * POST …/uploads/{upload_id}/share: the private file share becomes a public one; a file
 * received into a mount folder gets a public file share of its own (a copy).
 */
export async function shareRequestUpload(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  uploadId: string,
  linkBase: string,
): Promise<RequestUpload> {
  const { request, upload } = await uploadIn(deps, scope, id, uploadId);
  if (!upload.file_id && upload.mount_path) {
    const shared = await shareMountArrival(
      deps,
      request,
      { ...upload, mount_path: upload.mount_path },
      linkBase,
    );
    return presentOne(deps, shared, linkBase);
  }
  if (!upload.file_id) {
    throw new AppError('VALIDATION_FAILED', 'A text answer cannot be shared as a file');
  }
  const changed = await changeFile(
    deps,
    upload.file_id,
    { kind: 'all' },
    {
      private: 0,
      updated_at: isoNow(deps.clock),
    },
  );
  if (changed === 0) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return presentOne(deps, upload, linkBase);
}

/** GET …/uploads/{upload_id}/download: the owner's own link to the bytes. */
export async function requestUploadLink(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  uploadId: string,
  linkBase: string,
): Promise<RequestDownloadLink> {
  const { request, upload } = await uploadIn(deps, scope, id, uploadId);
  // A mount arrival shared since is still read from its folder.
  if (upload.mount_path) {
    const fs = ownerFileSystem(deps, ownerCaller(ownerPrincipal(request)), request.created_by);
    const link = await fs.link(upload.mount_path, {
      expiresInSeconds: DOWNLOAD_LINK_SECONDS,
      forceDownload: true,
    });
    return { url: absoluteUrl(linkBase, link.url), expires_at: link.expiresAt.toISOString() };
  }
  if (upload.file_id) {
    const file = await findFile(deps, upload.file_id, { kind: 'all' });
    const share = file ? await presentManaged(deps, file, linkBase) : undefined;
    if (!share?.downloadUrl) {
      throw new AppError('FILE_NOT_FOUND');
    }
    return { url: share.downloadUrl, expires_at: null };
  }
  throw new AppError('NOT_A_FILE', 'A text answer has no download; read it instead');
}

/** GET …/uploads/{upload_id}/text: a text answer's content. */
export async function readRequestText(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  uploadId: string,
): Promise<RequestTextAnswer> {
  const { upload } = await uploadIn(deps, scope, id, uploadId);
  if (!upload.paste_id) {
    throw new AppError('REQUEST_UPLOAD_NOT_FOUND', 'This upload is a file, not a text');
  }
  const paste = await getPaste(deps, { kind: 'all' }, upload.paste_id);
  return { content: paste.content, created_at: upload.created_at };
}

/** DELETE …/uploads/{upload_id}: the record and what it stored (share and object, file, paste). */
export async function deleteRequestUpload(
  deps: AppDeps,
  scope: OwnerScope,
  id: string,
  uploadId: string,
): Promise<number> {
  const { request, upload } = await uploadIn(deps, scope, id, uploadId);
  // A mount arrival shared since has both: the folder's file and its public copy go.
  if (upload.file_id) {
    const file = await findFile(deps, upload.file_id, { kind: 'all' });
    if (file) {
      await removeFileShare(deps, file, { kind: 'all' });
    }
  }
  if (upload.mount_path) {
    const fs = ownerFileSystem(deps, ownerCaller(ownerPrincipal(request)), request.created_by);
    await removeQuietly(fs, upload.mount_path);
  } else if (upload.paste_id) {
    await deletePaste(deps, { kind: 'all' }, upload.paste_id).catch((error: unknown) => {
      if (!(error instanceof AppError && error.key === 'PASTE_NOT_FOUND')) {
        throw error;
      }
    });
  }
  await new RequestUploadsRepo(deps.db).deleteUpload(upload.id);
  return 1;
}
