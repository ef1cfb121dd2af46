import type { TFunction } from 'i18next';
import { AppError } from './api-client';

/** A message for any thrown value, translated through `errors.<KEY>` (SPEC §8). */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof AppError) {
    if (error.key) {
      const key = `errors.${error.key}`;
      const translated = t(key as 'errors.INTERNAL', { defaultValue: '' });
      if (translated) {
        return translated;
      }
    }
    return error.message || t('errors.http', { status: error.status });
  }
  if (error instanceof TypeError) {
    return t('errors.network');
  }
  return error instanceof Error && error.message ? error.message : t('errors.requestFailed');
}
