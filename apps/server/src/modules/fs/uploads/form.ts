import type { IncomingMessage } from 'node:http';
import type { FileInfo } from 'busboy';
import type { FsWriteResult } from '@pastebox/contract/schemas/fs';
import { AppError } from '@/lib/errors';
import { assertCleanText } from '@/lib/input-rules';
import {
  assertQuota,
  capacityOf,
  guardedFileBody,
  maxUploadBytes,
  readFileForm,
  storeFailure,
  type FilePart,
} from '@/modules/uploads/service';
import { VfsError, type VfsEntry } from '@/vfs/types';
import type { FsUploadCaller } from './caller';
import { resolveDestination } from './destination';
import { placeInAnyOrder } from './spooled-file';

/**
 * POST fs/upload (SPEC §7 "File system", DESIGN §7): a multipart form with `file`, `path`
 * and `use_multipart`, read by the uploads' form reader and streamed through the file
 * system's write — never buffered, so basic_path, path rules and cache invalidation hold.
 * The max upload size is enforced while streaming (413) and the storage's capacity before
 * the first byte (507); a refused upload leaves no object (the drivers publish a write
 * only once it is whole). `use_multipart` is accepted and needs nothing: the drivers
 * split a large stream into parts themselves.
 */

/**
 * `path` chooses where the bytes go, yet may follow the file part (SPEC's order is file,
 * path): such a file waits in a temp file until the form is read (./spooled-file.ts).
 */
const PLACEMENT_FIELDS = [] as const;

interface FormLimits {
  maxBytes: number;
  /** Request Content-Length: an upper bound of the file size for the early quota check. */
  contentLength: number | undefined;
}

async function storeFile(
  caller: FsUploadCaller,
  fields: Record<string, string>,
  file: FilePart,
  info: FileInfo,
  limits: FormLimits,
): Promise<VfsEntry> {
  assertCleanText(fields);
  const raw = fields.path?.trim();
  if (!raw) {
    throw new AppError('VALIDATION_FAILED', 'The form needs a `path`', [
      { path: 'path', message: 'required: the file path, or a folder ending with /' },
    ]);
  }
  const destination = await resolveDestination(caller, raw, info.filename || 'file');
  // The form's length bounds the file's: the capacity is checked before the first byte;
  // the max upload size is busboy's limit while the bytes stream.
  const remaining = await assertQuota(caller.deps, destination.config, limits.contentLength ?? 0);
  const body = guardedFileBody(file, {
    remaining,
    total: capacityOf(destination.config) ?? 0,
  });
  let entry: VfsEntry;
  try {
    entry = await caller.fs.write(destination.path, body, { contentType: info.mimeType });
  } catch (error) {
    throw storeFailure(body, error);
  }
  if (file.truncated) {
    await removeQuietly(caller, entry.path);
    throw new AppError('FILE_TOO_LARGE');
  }
  return entry;
}

/** Takes back a stored file of a form that failed after it; a missing one is fine. */
async function removeQuietly(caller: FsUploadCaller, path: string): Promise<void> {
  try {
    await caller.fs.remove(path);
  } catch (error) {
    if (!(error instanceof VfsError && error.code === 'NOT_FOUND')) {
      caller.deps.logger.warn({ err: error, path }, 'removing a refused upload failed');
    }
  }
}

/** Receives one form upload into a mount; answers the file as it was stored. */
export async function receiveFsFormUpload(
  caller: FsUploadCaller,
  incoming: IncomingMessage,
): Promise<FsWriteResult> {
  const contentLength = Number(incoming.headers['content-length']);
  const limits: FormLimits = {
    maxBytes: await maxUploadBytes(caller.deps),
    contentLength: Number.isFinite(contentLength) && contentLength > 0 ? contentLength : undefined,
  };
  const { stored } = await readFileForm(
    incoming,
    { maxFileBytes: limits.maxBytes, placementFields: PLACEMENT_FIELDS },
    {
      store: (fields, file, info, allFields) =>
        placeInAnyOrder(caller.deps, fields, file, allFields, (placed, body) =>
          storeFile(caller, placed, body, info, limits),
        ),
      discard: (entry) => removeQuietly(caller, entry.path),
    },
  );
  return { path: stored.path, size: stored.size, etag: stored.etag };
}
