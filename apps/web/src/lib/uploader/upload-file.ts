import { LIMITS } from '@pastebox/contract/limits';
import { UploadError, isCancellation, throwIfCancelled } from './errors';
import { formUpload } from './form-upload';
import { multipartUpload } from './multipart-upload';
import { presignedUpload } from './presigned-upload';
import { sealUploadRequest } from './sealed-upload';
import type { UploadedShare, UploadRequest } from './types';

export type UploadPath = 'form' | 'presigned' | 'multipart';

/**
 * Which of the three upload paths (DESIGN §6) suits a file: more than one part's worth
 * goes multipart (parallel, retried, resumable); a small file goes straight through the
 * server when the storage is local or unknown, and presigned to the bucket for S3.
 */
export function chooseUploadPath(size: number, providerType: string | null): UploadPath {
  if (size > LIMITS.multipartChunkBytes) {
    return 'multipart';
  }
  return providerType && providerType !== 'local' ? 'presigned' : 'form';
}

/**
 * Runs one upload between its first and last SPEC §4 stages; whatever stopped because of
 * the user's cancel (a request, a part, a sibling) is reported as "upload cancelled".
 */
export async function withUploadStages<T>(
  request: Pick<UploadRequest<unknown>, 'file' | 'signal' | 'onProgress'>,
  run: () => Promise<T>,
): Promise<T> {
  const total = request.file.size;
  request.onProgress({ stage: 'starting', loaded: 0, total });
  try {
    throwIfCancelled(request.signal);
    const result = await run();
    request.onProgress({ stage: 'completed', loaded: total, total });
    return result;
  } catch (error) {
    throw request.signal.aborted || isCancellation(error) ? new UploadError('cancelled') : error;
  }
}

/** The bytes an upload sends: the file's, or its ciphertext's when it is encrypted. */
export function sentBytes(request: Pick<UploadRequest, 'file' | 'sealed'>): number {
  return request.sealed?.source?.size ?? request.file.size;
}

/** Sends one file (or its ciphertext) along the path that suits its size and storage. */
function sendUpload(request: UploadRequest) {
  const path = chooseUploadPath(sentBytes(request), request.providerType);
  return path === 'multipart'
    ? multipartUpload(request)
    : path === 'presigned'
      ? presignedUpload(request)
      : formUpload(request);
}

/**
 * Uploads one file as a new share and answers the share (with the link's key when the
 * options ask for end-to-end encryption). Reports the stages of SPEC §4 through
 * `onProgress`; rejects with an UploadError (cancelled, network…) or the server's
 * AppError (slug taken, quota, permission…).
 */
export function uploadFile(request: UploadRequest): Promise<UploadedShare> {
  return withUploadStages(request, async () => {
    if (!request.options.encrypt) {
      return sendUpload(request);
    }
    const sealed = await sealUploadRequest(request);
    try {
      const share = await sendUpload(sealed.request);
      return { ...share, linkFragment: sealed.fragment };
    } finally {
      // Completed, failed or cancelled: a multipart upload is aborted then, nothing resumes.
      sealed.settle();
    }
  });
}
