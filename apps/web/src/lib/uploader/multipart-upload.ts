import type { FileShare } from '@pastebox/contract/schemas/file';
import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import { LIMITS } from '@pastebox/contract/limits';
import { explainStepFailure } from './api-failure';
import { UploadError, isCancellation } from './errors';
import { parseEtag } from './etag';
import type { PlannedPart } from './part-plan';
import { PartUrlPool } from './part-urls';
import { resumeStore } from './resume-store';
import { missingParts, sendParts } from './send-parts';
import { resolveServerUrl } from './server-url';
import { sealedFields } from './sealed-upload';
import type { UploadRequest } from './types';
import { uploadApi } from './upload-api';
import { sendXhr } from './xhr';

/**
 * An interrupted upload of the same file (same fingerprint) is picked up from the parts
 * the server holds; otherwise a new multipart upload starts with the share options.
 */
async function openSession(request: UploadRequest, size: number): Promise<MultipartSession> {
  const { options, fingerprint, signal } = request;
  const saved = fingerprint ? resumeStore.get(fingerprint) : null;
  if (fingerprint && saved) {
    try {
      const session = await uploadApi.storedParts(saved.fileId, signal);
      if (session.total_size === size && session.upload_id === saved.uploadId) {
        return session;
      }
    } catch {
      if (signal.aborted) {
        throw new UploadError('cancelled');
      }
      // Gone (finished, aborted or swept): start afresh below.
    }
    resumeStore.remove(fingerprint);
  }
  const session = await uploadApi
    .initMultipart(
      {
        s3_config_id: options.storageConfigId,
        filename: request.filename,
        mimetype: request.mimetype || null,
        size,
        slug: options.slug.trim() || null,
        remark: options.remark.trim() || null,
        password: options.password || null,
        expires_in: options.expiresIn,
        max_views: options.maxViews,
        ...(options.private ? { private: true } : {}),
        ...sealedFields(request),
      },
      signal,
    )
    .catch((error: unknown) => {
      throw explainStepFailure(error, 'initFailed');
    });
  if (fingerprint) {
    resumeStore.save(fingerprint, {
      fileId: session.file_id,
      uploadId: session.upload_id,
      size,
      savedAt: Date.now(),
    });
  }
  return session;
}

/** A part's request that got no answer, as a part error: cancelled, timed out or network. */
export function partSendFailure(error: unknown, partNumber: number): UploadError {
  const code = error instanceof UploadError ? error.code : 'network';
  if (code === 'cancelled') {
    return new UploadError('partCancelled', { part: partNumber });
  }
  return new UploadError(code === 'timeout' ? 'partTimeout' : 'partNetwork', { part: partNumber });
}

/** PUTs one part; it counts only on HTTP 2xx with an ETag (SPEC §4). */
export async function putPart(
  url: { url: string; headers: Record<string, string> },
  body: Blob,
  part: PlannedPart,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<string> {
  const partNumber = part.partNumber;
  const response = await sendXhr({
    method: 'PUT',
    url: resolveServerUrl(url.url),
    headers: url.headers,
    body,
    signal,
    timeoutMs: LIMITS.partTimeoutMs,
    onUploadProgress: onProgress,
  }).catch((error: unknown) => {
    throw partSendFailure(error, partNumber);
  });
  if (response.status < 200 || response.status >= 300) {
    throw new UploadError('partHttp', { part: partNumber, status: response.status });
  }
  const etag = parseEtag(response.header('ETag'));
  if (!etag) {
    throw new UploadError('partNoEtag', { part: partNumber });
  }
  return etag;
}

/**
 * Multipart upload (SPEC §4, DESIGN §6): init (or resume) → parts, 3 in flight, each
 * retried up to 3 times → complete. A cancel or a part that fails for good aborts the
 * upload on the server, so no record or stored part is left behind.
 */
export async function multipartUpload(request: UploadRequest): Promise<FileShare> {
  const { file, signal, fingerprint } = request;
  const source = request.sealed?.source;
  const total = source?.size ?? file.size;
  request.onProgress({ stage: 'initializing', loaded: 0, total });
  const session = await openSession(request, total);
  const stored = new Map(session.parts.map((part) => [part.partNumber, part.etag]));
  const urls = new PartUrlPool(
    (numbers) => uploadApi.partUrls(session.file_id, session.upload_id, numbers, signal),
    missingParts(total, session.part_size, stored).map((part) => part.partNumber),
  );

  try {
    const parts = await sendParts({
      file,
      ...(source ? { source } : {}),
      partSize: session.part_size,
      stored,
      signal,
      onProgress: request.onProgress,
      send: async (part, body, partSignal, attempt, onLoaded) => {
        const url = await urls.get(part.partNumber, attempt > 0).catch((error: unknown) => {
          throw explainStepFailure(error, 'partNetwork');
        });
        return putPart(url, body, part, partSignal, onLoaded);
      },
    });
    request.onProgress({ stage: 'completing', loaded: total, total });
    const share = await uploadApi
      .completeMultipart({ file_id: session.file_id, upload_id: session.upload_id, parts }, signal)
      .catch((error: unknown) => {
        throw explainStepFailure(error, 'completeFailed');
      });
    if (fingerprint) {
      resumeStore.remove(fingerprint);
    }
    return share;
  } catch (error) {
    // SPEC §4: any failure or cancel aborts; nothing is left to resume.
    void uploadApi.abortMultipart(session.file_id, session.upload_id);
    if (fingerprint) {
      resumeStore.remove(fingerprint);
    }
    throw signal.aborted || isCancellation(error) ? new UploadError('cancelled') : error;
  }
}
