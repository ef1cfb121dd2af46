import { LIMITS } from '@pastebox/contract/limits';
import type { FsWriteResult } from '@pastebox/contract/schemas/fs';
import { AppError } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { explainStepFailure } from './api-failure';
import { UploadError, isCancellation } from './errors';
import { postFileForm } from './form-upload';
import { fsUploadApi, type FsSessionRef } from './fs-upload-api';
import { putPart } from './multipart-upload';
import { isRetryablePartError } from './part-queue';
import { createQueueReducer } from './queue';
import { QueueStore, type QueueStoreDeps } from './queue-store';
import { sendParts } from './send-parts';
import type { UploadRequest } from './types';
import { withUploadStages } from './upload-file';

/** Where a file uploaded into a mount goes (the options of an upload into a mount). */
export interface FsUploadTarget {
  /** The folder the upload was started in. */
  folder: string;
  /** The file's virtual path: the folder, then the file's path within what was chosen. */
  path: string;
  /** What the queue calls it: the path within a chosen folder (`photos/a.jpg`), or its name. */
  label: string;
}

export type FsUploadRequest = UploadRequest<FsUploadTarget>;

/** POST fs/upload: the whole file in one streamed form, `path` before the file (SPEC §7). */
export function fsFormUpload(request: FsUploadRequest): Promise<FsWriteResult> {
  const form = new FormData();
  form.append('path', request.options.path);
  form.append('use_multipart', 'false');
  form.append('file', request.file, request.filename);
  return postFileForm<FsWriteResult>(request, fsCallPath('upload'), form);
}

/** A refusal the server explained (4xx) stays a refusal: sending the part again cannot help. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof AppError && error.status < 500) && isRetryablePartError(error);
}

/**
 * Multipart upload into a mount (SPEC §7, DESIGN §6): init — which resumes a session of
 * the same path and size, skipping the parts it holds — then the missing parts, 3 in
 * flight, each PUT straight to the storage where the server gave a presigned URL (S3) and
 * relayed through multipart/part otherwise, then complete. A cancel aborts the session so
 * nothing is left behind; any other failure keeps it, so a retry resumes where it stopped
 * (the server sweeps sessions left idle).
 */
export async function fsMultipartUpload(request: FsUploadRequest): Promise<FsWriteResult> {
  const { file, signal } = request;
  const total = file.size;
  const contentType = request.mimetype ? { contentType: request.mimetype } : {};
  request.onProgress({ stage: 'initializing', loaded: 0, total });
  const session = await fsUploadApi
    .initMultipart({ path: request.options.path, fileSize: total, ...contentType }, signal)
    .catch((error: unknown) => {
      throw explainStepFailure(error, 'initFailed');
    });
  const ref: FsSessionRef = { path: session.path, uploadId: session.uploadId, key: session.key };
  const direct = new Map(session.presignedUrls.map((entry) => [entry.partNumber, entry.url]));
  try {
    const parts = await sendParts({
      file,
      partSize: session.partSize,
      stored: new Map(session.uploadedParts.map((part) => [part.partNumber, part.etag])),
      signal,
      onProgress: request.onProgress,
      isRetryable: worthRetrying,
      send: (part, body, partSignal, _attempt, onLoaded) => {
        const url = direct.get(part.partNumber);
        return url
          ? putPart({ url, headers: {} }, body, part, partSignal, onLoaded)
          : fsUploadApi.relayPart(
              ref,
              { partNumber: part.partNumber, isLast: part.partNumber === session.partCount },
              body,
              partSignal,
              onLoaded,
            );
      },
    });
    request.onProgress({ stage: 'completing', loaded: total, total });
    return await fsUploadApi
      .completeMultipart({ ...ref, parts, fileSize: total, ...contentType }, signal)
      .catch((error: unknown) => {
        throw explainStepFailure(error, 'completeFailed');
      });
  } catch (error) {
    if (signal.aborted || isCancellation(error)) {
      void fsUploadApi.abortMultipart(ref);
    }
    throw error;
  }
}

/**
 * Uploads one file into a mount: more than one part's worth goes multipart, a smaller one
 * in a single form. A file over the max upload size (bytes; null = not known) is refused
 * before anything is sent.
 */
export function uploadToFs(
  request: FsUploadRequest,
  maxBytes: number | null = null,
): Promise<FsWriteResult> {
  const size = request.file.size;
  if (maxBytes !== null && size > maxBytes) {
    return Promise.reject(new UploadError('tooLarge', { size, max: maxBytes }));
  }
  return withUploadStages(request, () =>
    size > LIMITS.multipartChunkBytes ? fsMultipartUpload(request) : fsFormUpload(request),
  );
}

/** Each file keeps the place it was added for: there are no defaults to apply. */
const fsQueueReducer = createQueueReducer<FsUploadTarget, FsWriteResult>({
  forNewFile: (defaults) => defaults,
  applyDefaults: (own) => own,
});

/** The queue of uploads into mounts (the mount explorer's). */
export class FsUploadQueueStore extends QueueStore<FsUploadTarget, FsWriteResult> {
  constructor(deps: QueueStoreDeps<FsUploadTarget, FsWriteResult>) {
    super(deps, fsQueueReducer);
  }
}
