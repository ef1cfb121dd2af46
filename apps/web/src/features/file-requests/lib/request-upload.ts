import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import { LIMITS } from '@pastebox/contract/limits';
import { AppError } from '@/lib/api-client';
import { explainStepFailure } from '@/lib/uploader/api-failure';
import { UploadError, isCancellation } from '@/lib/uploader/errors';
import { putPart } from '@/lib/uploader/multipart-upload';
import { isRetryablePartError } from '@/lib/uploader/part-queue';
import { PartUrlPool } from '@/lib/uploader/part-urls';
import { createQueueReducer } from '@/lib/uploader/queue';
import { QueueStore, type QueueStoreDeps } from '@/lib/uploader/queue-store';
import { resumeStore } from '@/lib/uploader/resume-store';
import { missingParts, sendParts } from '@/lib/uploader/send-parts';
import { withUploadStages } from '@/lib/uploader/upload-file';
import {
  requestFormUpload,
  requestTransport,
  type RequestUploadRequest,
  type RequestUploadTarget,
} from './request-transport';

/** The resume record of a file sent to this request (not mixed with the owner's uploads). */
function resumeKey(request: RequestUploadRequest): string | null {
  return request.fingerprint ? `request:${request.options.slug}:${request.fingerprint}` : null;
}

/** A session of the same file held by the server (a reload, a retry), or a new one. */
async function openSession(request: RequestUploadRequest): Promise<MultipartSession> {
  const { file, options, signal } = request;
  const key = resumeKey(request);
  const saved = key ? resumeStore.get(key) : null;
  if (key && saved) {
    try {
      const session = await requestTransport.storedParts(options, saved.fileId, signal);
      if (session.total_size === file.size && session.upload_id === saved.uploadId) {
        return session;
      }
    } catch {
      if (signal.aborted) {
        throw new UploadError('cancelled');
      }
      // Gone (finished, aborted, swept, another token's): start afresh below.
    }
    resumeStore.remove(key);
  }
  const session = await requestTransport
    .initMultipart(
      options,
      { filename: request.filename, mimetype: request.mimetype || null, size: file.size },
      signal,
    )
    .catch((error: unknown) => {
      throw explainStepFailure(error, 'initFailed');
    });
  if (key) {
    resumeStore.save(key, {
      fileId: session.file_id,
      uploadId: session.upload_id,
      size: file.size,
      savedAt: Date.now(),
    });
  }
  return session;
}

/** A refusal the server explained (4xx) stays one: sending the part again cannot help. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof AppError && error.status < 500) && isRetryablePartError(error);
}

/**
 * A large file, resumable (DESIGN §6 multipart, as the share uploader): init or resume →
 * the missing parts, 3 in flight, retried → complete. A cancel aborts the session (the
 * reserved allowance is released); any other failure keeps it, so Retry — or the same file
 * chosen again after a reload — resumes from the parts the storage holds.
 */
export async function requestMultipartUpload(
  request: RequestUploadRequest,
): Promise<RequestReceipt> {
  const { file, signal, options } = request;
  const total = file.size;
  request.onProgress({ stage: 'initializing', loaded: 0, total });
  const session = await openSession(request);
  const ref = { fileId: session.file_id, uploadId: session.upload_id };
  const stored = new Map(session.parts.map((part) => [part.partNumber, part.etag]));
  const urls = new PartUrlPool(
    (numbers) => requestTransport.partUrls(options, ref, numbers, signal),
    missingParts(total, session.part_size, stored).map((part) => part.partNumber),
  );
  try {
    const sent = await sendParts({
      file,
      partSize: session.part_size,
      stored,
      signal,
      onProgress: request.onProgress,
      isRetryable: worthRetrying,
      send: async (part, body, partSignal, attempt, onLoaded) => {
        const url = await urls.get(part.partNumber, attempt > 0).catch((error: unknown) => {
          throw explainStepFailure(error, 'partNetwork');
        });
        return putPart(url, body, part, partSignal, onLoaded);
      },
    });
    request.onProgress({ stage: 'completing', loaded: total, total });
    const receipt = await requestTransport
      .completeMultipart(
        options,
        { file_id: ref.fileId, upload_id: ref.uploadId, parts: sent },
        signal,
      )
      .catch((error: unknown) => {
        throw explainStepFailure(error, 'completeFailed');
      });
    const key = resumeKey(request);
    if (key) {
      resumeStore.remove(key);
    }
    return receipt;
  } catch (error) {
    if (signal.aborted || isCancellation(error)) {
      void requestTransport.abortMultipart(options, ref.fileId, ref.uploadId);
      const key = resumeKey(request);
      if (key) {
        resumeStore.remove(key);
      }
      throw new UploadError('cancelled');
    }
    throw error;
  }
}

/**
 * Sends one file to a request: resumable multipart for more than one part's worth when
 * the request offers sessions (either target), else one streamed form.
 */
export function uploadToRequest(request: RequestUploadRequest): Promise<RequestReceipt> {
  return withUploadStages(request, () =>
    request.options.multipart && request.file.size > LIMITS.multipartChunkBytes
      ? requestMultipartUpload(request)
      : requestFormUpload(request),
  );
}

/** Each file keeps the request it was added for: there are no defaults to apply. */
const requestQueueReducer = createQueueReducer<RequestUploadTarget, RequestReceipt>({
  forNewFile: (defaults) => defaults,
  applyDefaults: (own) => own,
});

/** The request page's queue: 2 files at a time, cancel, retry (lib/uploader/queue-store). */
export class RequestQueueStore extends QueueStore<RequestUploadTarget, RequestReceipt> {
  constructor(deps: QueueStoreDeps<RequestUploadTarget, RequestReceipt>) {
    super(deps, requestQueueReducer);
  }
}
