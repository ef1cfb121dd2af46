import type { FileShare } from '@pastebox/contract/schemas/file';
import { LIMITS } from '@pastebox/contract/limits';
import { UploadError, isCancellation, throwIfCancelled } from './errors';
import { formUpload } from './form-upload';
import { multipartUpload } from './multipart-upload';
import { presignedUpload } from './presigned-upload';
import type { UploadRequest } from './types';

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

/**
 * Uploads one file as a new share and answers the share. Reports the stages of SPEC §4
 * through `onProgress`; rejects with an UploadError (cancelled, network…) or the server's
 * AppError (slug taken, quota, permission…).
 */
export function uploadFile(request: UploadRequest): Promise<FileShare> {
  return withUploadStages(request, () => {
    const path = chooseUploadPath(request.file.size, request.providerType);
    return path === 'multipart'
      ? multipartUpload(request)
      : path === 'presigned'
        ? presignedUpload(request)
        : formUpload(request);
  });
}
