import type { TFunction } from 'i18next';
import { AppError } from './api-client';
import { retryWaitMessage } from './retry-wait';

/** A message for any thrown value, translated through `errors.<KEY>` (SPEC §8). */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof AppError) {
    // Too many attempts: say how long to wait when the server said (issue 30).
    const wait = retryWaitMessage(t, error);
    if (wait) {
      return wait;
    }
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
