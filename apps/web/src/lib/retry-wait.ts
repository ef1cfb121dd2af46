import type { TFunction } from 'i18next';
import type { AppError } from './api-client';

/**
 * The wait a 429 names (issue 30): every rate-limited answer carries it as the envelope's
 * `retry_after` detail and as the `Retry-After` header, in whole seconds. The detail comes
 * first; the header covers a transport that kept only the header. Null when neither says.
 */
export function retryAfterSeconds(error: AppError): number | null {
  const detail = error.details?.find((entry) => entry.path === 'retry_after')?.message;
  for (const value of [detail, error.retryAfter]) {
    const seconds = Number(value);
    if (value && Number.isFinite(seconds) && seconds > 0) {
      return seconds;
    }
  }
  return null;
}

/** Whether the error is the server's "too many attempts". */
export function isRateLimited(error: AppError): boolean {
  return error.key === 'RATE_LIMITED' || error.status === 429;
}

/**
 * "Too many attempts. Try again in …" with the wait the server named: whole seconds under a
 * minute, else whole minutes rounded up. Null when the error is no rate limit or names no
 * wait — the caller then says its own "try again later". The login form and the share
 * password prompts (through `errorMessage`) both show it.
 */
export function retryWaitMessage(t: TFunction, error: AppError): string | null {
  const seconds = isRateLimited(error) ? retryAfterSeconds(error) : null;
  if (seconds === null) {
    return null;
  }
  if (seconds < 60) {
    return t('errors.rateLimitedSeconds', { count: Math.ceil(seconds) });
  }
  return t('errors.rateLimitedMinutes', { count: Math.ceil(seconds / 60) });
}
