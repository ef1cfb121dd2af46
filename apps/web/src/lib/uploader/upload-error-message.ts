import type { TFunction } from 'i18next';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { UploadError } from './errors';
import { formatBytes } from './format';

/** The number a detail of an API error carries (INSUFFICIENT_STORAGE sends three). */
function detailBytes(error: AppError, path: string): number | null {
  const raw = error.details?.find((detail) => detail.path === path)?.message;
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/**
 * A translated message for anything an upload can fail with (SPEC §8 upload and part
 * messages): the uploader's own errors, quota refusals with their sizes, and any other
 * API error through the shared `errors.*` messages.
 */
export function uploadErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof UploadError) {
    const { part, status, size, max } = error.params;
    return t(`uploader.errors.${error.code}`, {
      part,
      status,
      size: size === undefined ? '' : formatBytes(size),
      max: max === undefined ? '' : formatBytes(max),
    });
  }
  if (error instanceof AppError && error.key === 'INSUFFICIENT_STORAGE') {
    const size = detailBytes(error, 'file_size');
    const remaining = detailBytes(error, 'remaining');
    const total = detailBytes(error, 'total_capacity');
    if (size !== null && remaining !== null && total !== null) {
      return t('uploader.errors.insufficientStorage', {
        size: formatBytes(size),
        remaining: formatBytes(remaining),
        total: formatBytes(total),
      });
    }
  }
  return errorMessage(t, error);
}
