import { LIMITS } from '@pastebox/contract/limits';
import type { AdminTokenInfo, ApiKeyInfo } from '@pastebox/contract/schemas/auth';
import { AppError, apiRequest } from '@/lib/api-client';
import { authStore } from './auth-store';

/**
 * Re-checks stored credentials with the server (SPEC §4). A failing validation call signs
 * out. Returns whether the caller is still signed in.
 */
export async function validateAuth(force = false): Promise<boolean> {
  const current = authStore.get();
  if (current.authType === 'none') {
    return false;
  }
  if (!force && Date.now() - current.lastValidated < LIMITS.authRevalidateMs) {
    return true;
  }
  try {
    if (current.authType === 'admin') {
      await apiRequest<AdminTokenInfo>('/test/admin-token');
      authStore.markValidated();
    } else {
      const info = await apiRequest<ApiKeyInfo>('/test/api-key');
      authStore.signInApiKey(current.apiKey ?? '', info.key_info, info.permissions);
    }
    return true;
  } catch (error) {
    // Only an answer from the server fails the validation. A network error — offline, or
    // the fetch aborted because the page is navigating away — says nothing about the
    // credentials, and signing out then would clear them under the next page's feet.
    if (!(error instanceof AppError)) {
      return true;
    }
    if (authStore.get().authType !== 'none') {
      authStore.signOut('expired');
    }
    return false;
  }
}
