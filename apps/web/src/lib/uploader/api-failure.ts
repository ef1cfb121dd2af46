import { AppError } from '@/lib/api-client';
import { UploadError, type UploadErrorCode } from './errors';

/**
 * Keeps an answer the server explained (slug taken, quota, permission…) so its own message
 * is shown, and turns anything unexplained — a network failure, a bare 500 — into the
 * step's SPEC §8 message (presign failed, init multipart failed…).
 */
export function explainStepFailure(error: unknown, code: UploadErrorCode): unknown {
  if (error instanceof UploadError) {
    return error;
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return new UploadError('cancelled');
  }
  if (error instanceof AppError && error.key && error.key !== 'INTERNAL') {
    return error;
  }
  return new UploadError(code, error instanceof AppError ? { status: error.status } : {}, error);
}
