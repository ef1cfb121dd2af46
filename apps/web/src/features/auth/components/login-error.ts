import type { TFunction } from 'i18next';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { isRateLimited, retryWaitMessage } from '@/lib/retry-wait';
import { LoginResponseError } from '@/features/auth/api/admin-login';
import { ApiKeyVerificationError } from '@/features/auth/api/verify-api-key';

/** The login errors of SPEC §8, translated. */
export function loginErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof LoginResponseError) {
    return t('login.errors.badResponse');
  }
  if (error instanceof ApiKeyVerificationError) {
    return apiKeyErrorMessage(t, error);
  }
  if (error instanceof AppError) {
    if (error.key === 'INVALID_CREDENTIALS') {
      return t('login.errors.invalidCredentials');
    }
    return commonLoginError(t, error) ?? errorMessage(t, error);
  }
  if (error instanceof TypeError) {
    return t('errors.network');
  }
  return t('login.errors.loginFailed');
}

function apiKeyErrorMessage(t: TFunction, error: ApiKeyVerificationError): string {
  if (error.reason === 'noPermissions') {
    return t('login.errors.insufficientPermissions');
  }
  if (error.reason === 'badResponse') {
    return t('login.errors.noPermissionInfo');
  }
  const common = error.serverError ? commonLoginError(t, error.serverError) : null;
  return common ?? t('login.errors.keyVerificationFailed');
}

/** Errors both modes share: too many attempts, or the server itself failing. */
function commonLoginError(t: TFunction, error: AppError): string | null {
  if (isRateLimited(error)) {
    // The login form's own fallback says "a few minutes": its window is 15.
    return retryWaitMessage(t, error) ?? t('login.errors.rateLimited');
  }
  if (error.status >= 500) {
    return t('login.errors.serverError');
  }
  return null;
}
