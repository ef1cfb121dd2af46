import { STORAGE_KEYS } from '@pastebox/contract/limits';
import type { Permissions } from '@pastebox/contract/schemas/auth';
import { safeStorage } from '@/lib/storage-keys';
import type { AuthState, KeyInfo, MemberInfo } from './auth-store';

export const NO_PERMISSIONS: Permissions = { text: false, file: false, mount: false };
export const ALL_PERMISSIONS: Permissions = { text: true, file: true, mount: true };

export const SIGNED_OUT: AuthState = {
  authType: 'none',
  adminToken: null,
  apiKey: null,
  keyInfo: null,
  memberToken: null,
  member: null,
  permissions: NO_PERMISSIONS,
  lastValidated: 0,
};

function parseJson<T>(raw: string | null): T | null {
  if (!raw) {
    return null;
  }
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * The credentials kept from an earlier visit. SPEC §4 puts a stored admin token before a
 * stored API key; a member's token (issue 32) is a person's session like the admin's, so
 * it comes between them: admin token > member token > API key. Never validated yet
 * (lastValidated 0): the start-up revalidation asks the server.
 */
export function readStoredAuth(): AuthState {
  const adminToken = safeStorage.get(STORAGE_KEYS.adminToken);
  if (adminToken) {
    return { ...SIGNED_OUT, authType: 'admin', adminToken, permissions: ALL_PERMISSIONS };
  }
  const memberToken = safeStorage.get(STORAGE_KEYS.memberToken);
  if (memberToken) {
    return {
      ...SIGNED_OUT,
      authType: 'member',
      memberToken,
      member: parseJson<MemberInfo>(safeStorage.get(STORAGE_KEYS.memberInfo)),
      permissions:
        parseJson<Permissions>(safeStorage.get(STORAGE_KEYS.memberPermissions)) ?? NO_PERMISSIONS,
    };
  }
  const apiKey = safeStorage.get(STORAGE_KEYS.apiKey);
  if (apiKey) {
    return {
      ...SIGNED_OUT,
      authType: 'apikey',
      apiKey,
      keyInfo: parseJson<KeyInfo>(safeStorage.get(STORAGE_KEYS.apiKeyInfo)),
      permissions:
        parseJson<Permissions>(safeStorage.get(STORAGE_KEYS.apiKeyPermissions)) ?? NO_PERMISSIONS,
    };
  }
  return SIGNED_OUT;
}

/** Mirrors a state to local storage; whatever the state does not hold is removed. */
export function storeAuth(state: AuthState): void {
  const put = (key: string, value: string | null) =>
    value === null ? safeStorage.remove(key) : safeStorage.set(key, value);
  const member = state.authType === 'member';
  const key = state.authType === 'apikey';
  put(STORAGE_KEYS.adminToken, state.authType === 'admin' ? state.adminToken : null);
  put(STORAGE_KEYS.memberToken, member ? state.memberToken : null);
  put(STORAGE_KEYS.memberInfo, member ? JSON.stringify(state.member) : null);
  put(STORAGE_KEYS.memberPermissions, member ? JSON.stringify(state.permissions) : null);
  put(STORAGE_KEYS.apiKey, key ? state.apiKey : null);
  put(STORAGE_KEYS.apiKeyInfo, key ? JSON.stringify(state.keyInfo) : null);
  put(STORAGE_KEYS.apiKeyPermissions, key ? JSON.stringify(state.permissions) : null);
}
