import { LIMITS } from '@pastebox/contract/limits';
import type {
  FsWriteResult,
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartInitResult,
} from '@pastebox/contract/schemas/fs';
import { apiRequest, unwrapAnswer } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { apiUrl } from '@/lib/backend';
import { fsCallPath } from '@/lib/fs/fs-family';
import { UploadError } from './errors';
import { partSendFailure } from './multipart-upload';
import { sendXhr } from './xhr';

/** What the part, complete and abort calls name a multipart upload into a mount by. */
export interface FsSessionRef {
  path: string;
  uploadId: string;
  key: string;
}

/**
 * The calls of an upload into a mount (SPEC §7 "File system"), under the caller's family
 * (`/admin/fs/…` or `/user/fs/…`).
 */
export const fsUploadApi = {
  initMultipart: (body: MultipartInitBody, signal: AbortSignal) =>
    apiRequest<MultipartInitResult>(fsCallPath('multipart/init'), {
      method: 'POST',
      body,
      signal,
    }),

  completeMultipart: (body: MultipartCompleteBody, signal: AbortSignal) =>
    apiRequest<FsWriteResult>(fsCallPath('multipart/complete'), { method: 'POST', body, signal }),

  /** Best effort, like the share uploader's abort (SPEC §8): reports, never throws. */
  abortMultipart: async (ref: FsSessionRef): Promise<boolean> => {
    try {
      await apiRequest(fsCallPath('multipart/abort'), { method: 'POST', body: ref });
      return true;
    } catch {
      return false;
    }
  },

  /**
   * POST multipart/part: one part relayed through the server (a storage the browser cannot
   * PUT to), with progress. A 5xx is a part error worth retrying; a refusal the server
   * explained (4xx) is thrown as its AppError.
   */
  relayPart: async (
    ref: FsSessionRef,
    part: { partNumber: number; isLast: boolean },
    body: Blob,
    signal: AbortSignal,
    onLoaded: (loaded: number) => void,
  ): Promise<string> => {
    const authorization = authStore.authorization();
    const query = {
      ...ref,
      partNumber: String(part.partNumber),
      isLastPart: String(part.isLast),
    };
    const response = await sendXhr({
      method: 'POST',
      url: apiUrl(fsCallPath('multipart/part', query)),
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        ...(authorization ? { authorization } : {}),
      },
      body,
      signal,
      timeoutMs: LIMITS.partTimeoutMs,
      onUploadProgress: onLoaded,
    }).catch((error: unknown) => {
      throw partSendFailure(error, part.partNumber);
    });
    if (response.status >= 500) {
      throw new UploadError('partHttp', { part: part.partNumber, status: response.status });
    }
    return unwrapAnswer<{ etag: string }>(response, authorization !== null).etag;
  },
};
