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
 * Uploads one file as a new share and answers the share. Reports the stages of SPEC §4
 * through `onProgress`; rejects with an UploadError (cancelled, network…) or the server's
 * AppError (slug taken, quota, permission…).
 */
export async function uploadFile(request: UploadRequest): Promise<FileShare> {
  const total = request.file.size;
  request.onProgress({ stage: 'starting', loaded: 0, total });
  try {
    throwIfCancelled(request.signal);
    const path = chooseUploadPath(total, request.providerType);
    const share =
      path === 'multipart'
        ? await multipartUpload(request)
        : path === 'presigned'
          ? await presignedUpload(request)
          : await formUpload(request);
    request.onProgress({ stage: 'completed', loaded: total, total });
    return share;
  } catch (error) {
    throw request.signal.aborted || isCancellation(error) ? new UploadError('cancelled') : error;
  }
}
