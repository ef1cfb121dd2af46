import { STORAGE_KEYS } from '@pastebox/contract/limits';
import type { Permissions } from '@pastebox/contract/schemas/auth';
import { safeStorage } from '@/lib/storage-keys';

export type AuthType = 'none' | 'admin' | 'apikey';

export interface KeyInfo {
  id: string;
  name: string;
  basic_path: string;
}

/** Auth state of SPEC §3, kept in memory and mirrored to the SPEC's local-storage keys. */
export interface AuthState {
  authType: AuthType;
  adminToken: string | null;
  apiKey: string | null;
  keyInfo: KeyInfo | null;
  permissions: Permissions;
  lastValidated: number;
}

/** Events of SPEC §4, dispatched on window. */
export const AUTH_EVENTS = {
  changed: 'auth-state-changed',
  adminExpired: 'admin-token-expired',
  apiKeyInvalid: 'api-key-invalid',
} as const;

const NO_PERMISSIONS: Permissions = { text: false, file: false, mount: false };
const ALL_PERMISSIONS: Permissions = { text: true, file: true, mount: true };

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

/** On start a stored admin token takes priority over a stored API key (SPEC §4). */
function readStored(): AuthState {
  const adminToken = safeStorage.get(STORAGE_KEYS.adminToken);
  if (adminToken) {
    return {
      authType: 'admin',
      adminToken,
      apiKey: null,
      keyInfo: null,
      permissions: ALL_PERMISSIONS,
      lastValidated: 0,
    };
  }
  const apiKey = safeStorage.get(STORAGE_KEYS.apiKey);
  if (apiKey) {
    return {
      authType: 'apikey',
      adminToken: null,
      apiKey,
      keyInfo: parseJson<KeyInfo>(safeStorage.get(STORAGE_KEYS.apiKeyInfo)),
      permissions:
        parseJson<Permissions>(safeStorage.get(STORAGE_KEYS.apiKeyPermissions)) ?? NO_PERMISSIONS,
      lastValidated: 0,
    };
  }
  return {
    authType: 'none',
    adminToken: null,
    apiKey: null,
    keyInfo: null,
    permissions: NO_PERMISSIONS,
    lastValidated: 0,
  };
}

let state: AuthState = readStored();
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  listeners.forEach((listener) => listener());
  window.dispatchEvent(
    new CustomEvent(AUTH_EVENTS.changed, { detail: { authType: next.authType } }),
  );
}

export const authStore = {
  get: (): AuthState => state,

  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** The Authorization header for the current credentials, if any. */
  authorization(): string | null {
    if (state.authType === 'admin' && state.adminToken) {
      return `Bearer ${state.adminToken}`;
    }
    if (state.authType === 'apikey' && state.apiKey) {
      return `ApiKey ${state.apiKey}`;
    }
    return null;
  },

  signInAdmin(token: string): void {
    safeStorage.set(STORAGE_KEYS.adminToken, token);
    clearKeyStorage();
    setState({
      authType: 'admin',
      adminToken: token,
      apiKey: null,
      keyInfo: null,
      permissions: ALL_PERMISSIONS,
      lastValidated: Date.now(),
    });
  },

  signInApiKey(apiKey: string, keyInfo: KeyInfo, permissions: Permissions): void {
    safeStorage.remove(STORAGE_KEYS.adminToken);
    safeStorage.set(STORAGE_KEYS.apiKey, apiKey);
    safeStorage.set(STORAGE_KEYS.apiKeyInfo, JSON.stringify(keyInfo));
    safeStorage.set(STORAGE_KEYS.apiKeyPermissions, JSON.stringify(permissions));
    setState({
      authType: 'apikey',
      adminToken: null,
      apiKey,
      keyInfo,
      permissions,
      lastValidated: Date.now(),
    });
  },

  markValidated(): void {
    state = { ...state, lastValidated: Date.now() };
    listeners.forEach((listener) => listener());
  },

  /**
   * Resets to none and clears stored credentials (SPEC §4). `reason` adds the matching
   * admin-token-expired or api-key-invalid event for a failed validation or a 401.
   */
  signOut(reason?: 'expired'): void {
    const previous = state.authType;
    safeStorage.remove(STORAGE_KEYS.adminToken);
    clearKeyStorage();
    setState({
      authType: 'none',
      adminToken: null,
      apiKey: null,
      keyInfo: null,
      permissions: NO_PERMISSIONS,
      lastValidated: 0,
    });
    if (reason === 'expired' && previous === 'admin') {
      window.dispatchEvent(new CustomEvent(AUTH_EVENTS.adminExpired));
    }
    if (reason === 'expired' && previous === 'apikey') {
      window.dispatchEvent(new CustomEvent(AUTH_EVENTS.apiKeyInvalid));
    }
  },
};

function clearKeyStorage(): void {
  safeStorage.remove(STORAGE_KEYS.apiKey);
  safeStorage.remove(STORAGE_KEYS.apiKeyInfo);
  safeStorage.remove(STORAGE_KEYS.apiKeyPermissions);
}
