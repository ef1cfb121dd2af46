import { LIMITS } from '@pastebox/contract/limits';
import type { AccountMe } from '@pastebox/contract/schemas/account';
import type { AdminTokenInfo, ApiKeyInfo } from '@pastebox/contract/schemas/auth';
import { AppError, apiRequest } from '@/lib/api-client';
import { authStore, type MemberInfo } from './auth-store';

/**
 * How long a check may take before it counts as the server being out of reach: the admin
 * route waits for it, and a stalled connection must not keep a key at the loader forever.
 */
const CHECK_TIMEOUT_MS = 15_000;

/**
 * The check under way, per credential. The layout's revalidation and the admin route's guard
 * both ask on entering /admin; they share one request instead of racing two.
 */
let inFlight: { credential: string; check: Promise<boolean> } | null = null;

/**
 * Re-checks stored credentials with the server (SPEC §4). A failing validation call signs
 * out. Resolves to whether the caller is still signed in.
 */
export function validateAuth(force = false): Promise<boolean> {
  const current = authStore.get();
  const credential = authStore.authorization();
  if (current.authType === 'none' || credential === null) {
    return Promise.resolve(false);
  }
  if (!force && Date.now() - current.lastValidated < LIMITS.authRevalidateMs) {
    return Promise.resolve(true);
  }
  if (inFlight?.credential === credential) {
    return inFlight.check;
  }
  const check = runCheck(credential).finally(() => {
    if (inFlight?.check === check) {
      inFlight = null;
    }
  });
  inFlight = { credential, check };
  return check;
}

async function runCheck(credential: string): Promise<boolean> {
  const current = authStore.get();
  // A sign-in or sign-out during the call makes its answer someone else's: it must neither
  // bring the old key back nor sign the new credentials out.
  const stillCurrent = () => authStore.authorization() === credential;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), CHECK_TIMEOUT_MS);
  const signal = timeout.signal;
  try {
    if (current.authType === 'admin') {
      await apiRequest<AdminTokenInfo>('/test/admin-token', { signal });
      if (stillCurrent()) {
        authStore.markValidated();
      }
    } else if (current.authType === 'member') {
      // A member's rights and base path live on the account: re-read them with the check.
      const me = await apiRequest<AccountMe>('/account', { signal });
      if (stillCurrent()) {
        authStore.signInMember(current.memberToken ?? '', memberInfoOf(me), me.permissions);
      }
    } else {
      const info = await apiRequest<ApiKeyInfo>('/test/api-key', { signal });
      if (stillCurrent()) {
        authStore.signInApiKey(current.apiKey ?? '', info.key_info, info.permissions);
      }
    }
    return stillCurrent();
  } catch (error) {
    // Only an answer from the server fails the validation. A network error — offline, no
    // answer in time, or the fetch aborted because the page is navigating away — says
    // nothing about the credentials, and signing out then would clear them under the next
    // page's feet.
    if (!(error instanceof AppError)) {
      return stillCurrent();
    }
    if (stillCurrent()) {
      authStore.signOut('expired');
    }
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The part of GET /api/account the auth state keeps. */
export function memberInfoOf(me: AccountMe): MemberInfo {
  return {
    id: me.id,
    username: me.username,
    display_name: me.display_name,
    basic_path: me.basic_path,
  };
}
