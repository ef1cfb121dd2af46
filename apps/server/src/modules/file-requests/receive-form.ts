import type { IncomingMessage } from 'node:http';
import type { FileInfo } from 'busboy';
import { cleanFileName } from '@pastebox/contract/rules/file-name';
import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import type { AppDeps } from '@/context';
import type { AuditOrigin } from '@/lib/audit/record';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { assertCleanText } from '@/lib/input-rules';
import { removeFileShare } from '@/modules/files/service';
import { isPathUploading, type FsUploadCaller } from '@/modules/fs/service';
import {
  guardedFileBody,
  maxUploadBytes,
  readFileForm,
  receiveFormUpload,
  storeFailure,
  type FormUploadHooks,
} from '@/modules/uploads/service';
import type { VfsEntry } from '@/vfs/types';
import {
  admitFile,
  commitUpload,
  releaseUpload,
  reserveUpload,
  type Reservation,
} from './allowance';
import { freePathIn, removeQuietly } from './mount-names';
import { recordArrival } from './notify';
import { ownerUploadCaller } from './owner-fs';
import type { Sender } from './public';
import { ownerPrincipal } from './rules';

/**
 * POST /api/public/requests/{slug}/upload: a stranger's file, streamed (never buffered)
 * into the request's target. The form must give `size` before the `file` part: the type
 * and size are checked and the size reserved on the request before a byte is stored; a
 * refused or failed upload leaves no object and gives its reservation back.
 */

/** One upload's state across the form's callbacks. */
interface Intake {
  reservation: Reservation | null;
  declared: number;
}

function declaredSize(fields: Record<string, string>): number {
  const raw = fields.size?.trim();
  const size = raw && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(size)) {
    throw new AppError('VALIDATION_FAILED', 'Send the file size before the file', [
      { path: 'size', message: 'required before the file: its size in bytes' },
    ]);
  }
  return size;
}

/** The checks before the first byte: type, size, then the reservation. */
async function admitAndReserve(
  deps: AppDeps,
  sender: Sender,
  intake: Intake,
  fields: Record<string, string>,
  info: FileInfo,
  serverMax: number,
): Promise<{ filename: string; mimetype: string }> {
  assertCleanText(fields);
  intake.declared = declaredSize(fields);
  const filename = cleanFileName(info.filename || 'file');
  const mimetype = fields.mimetype?.trim() || info.mimeType || 'application/octet-stream';
  admitFile(sender.request, { filename, mimetype, size: intake.declared }, serverMax);
  intake.reservation = await reserveUpload(deps, sender.request, intake.declared);
  return { filename, mimetype };
}

/** The per-file limit busboy enforces while the bytes stream. */
function streamLimit(sender: Sender, serverMax: number): number {
  const own = Number(sender.request.max_file_bytes);
  return own > 0 ? Math.min(own, serverMax) : serverMax;
}

/** Into a storage config, as a private file share of the owner (quota and all). */
async function intoStorage(
  deps: AppDeps,
  sender: Sender,
  incoming: IncomingMessage,
  linkBase: string,
  intake: Intake,
) {
  const serverMax = await maxUploadBytes(deps);
  const hooks: FormUploadHooks = {
    fixedFields: {
      s3_config_id: sender.request.s3_config_id ?? '',
      path: '',
      slug: '',
      remark: '',
      password: '',
      expires_in: '',
      max_views: '',
      private: 'true',
      // A request's files are its owner's to read: none is sealed with a key they lack.
      encrypted: '',
      encrypted_meta: '',
    },
    maxBytes: streamLimit(sender, serverMax),
    admit: async (fields, info) => {
      await admitAndReserve(deps, sender, intake, fields, info, serverMax);
    },
  };
  const share = await receiveFormUpload(
    deps,
    ownerPrincipal(sender.request),
    incoming,
    linkBase,
    hooks,
  );
  if (share.size !== intake.declared) {
    await removeFileShare(deps, share, { kind: 'all' });
    throw new AppError('UPLOAD_INCOMPLETE', 'The file was not the size the form announced');
  }
  return {
    filename: share.filename,
    mimetype: share.mimetype,
    size: share.size,
    file_id: share.id,
    mount_path: null,
  };
}

/** Writes the file part into the owner's folder under a name no other file has. */
async function writeIntoFolder(
  caller: FsUploadCaller,
  folder: string,
  file: Parameters<typeof guardedFileBody>[0],
  named: { filename: string; mimetype: string },
  declared: number,
): Promise<{ entry: VfsEntry; mimetype: string }> {
  const { fs } = caller;
  // A name a resumable upload is still writing to is taken too.
  const path = await freePathIn(fs, folder, named.filename, (candidate) =>
    isPathUploading(caller, candidate),
  );
  const body = guardedFileBody(file, { remaining: null, total: 0 });
  let entry: VfsEntry;
  try {
    entry = await fs.write(path, body, {
      contentType: named.mimetype,
      size: declared,
      noOverwrite: true,
    });
  } catch (error) {
    throw storeFailure(body, error);
  }
  if (file.truncated || entry.size !== declared) {
    await removeQuietly(fs, entry.path);
    throw file.truncated
      ? new AppError('REQUEST_FILE_TOO_LARGE')
      : new AppError('UPLOAD_INCOMPLETE', 'The file was not the size the form announced');
  }
  return { entry, mimetype: named.mimetype };
}

/** Into a mount folder, through the owner's file system (base path, locks, capacity). */
async function intoMount(deps: AppDeps, sender: Sender, incoming: IncomingMessage, intake: Intake) {
  const { request } = sender;
  const serverMax = await maxUploadBytes(deps);
  const caller = ownerUploadCaller(deps, request);
  const { fs } = caller;
  const folder = request.mount_path ?? '/';
  const { stored } = await readFileForm(
    incoming,
    { maxFileBytes: streamLimit(sender, serverMax), placementFields: [] },
    {
      store: async (fields, file, info) => {
        const named = await admitAndReserve(deps, sender, intake, fields, info, serverMax);
        return writeIntoFolder(caller, folder, file, named, intake.declared);
      },
      discard: ({ entry }) => removeQuietly(fs, entry.path),
    },
  );
  return {
    filename: stored.entry.name,
    mimetype: stored.mimetype,
    size: stored.entry.size,
    file_id: null,
    mount_path: stored.entry.path,
  };
}

/** Receives one file from a stranger; answers their receipt line. */
export async function receiveRequestFile(
  deps: AppDeps,
  sender: Sender,
  incoming: IncomingMessage,
  linkBase: string,
  origin: AuditOrigin,
): Promise<RequestReceipt> {
  if (sender.request.kind !== 'files') {
    incoming.resume();
    throw new AppError('REQUEST_KIND_MISMATCH');
  }
  const intake: Intake = { reservation: null, declared: 0 };
  let stored;
  try {
    stored =
      sender.request.target_type === 'mount'
        ? await intoMount(deps, sender, incoming, intake)
        : await intoStorage(deps, sender, incoming, linkBase, intake);
  } catch (error) {
    if (intake.reservation) {
      await releaseUpload(deps, intake.reservation);
    }
    throw error;
  }
  if (intake.reservation) {
    await commitUpload(deps, intake.reservation, stored.size);
  }
  return recordArrival(
    deps,
    sender,
    { id: newId(), kind: 'file', ...stored, paste_id: null, paste_slug: null },
    origin,
    linkBase,
  );
}
