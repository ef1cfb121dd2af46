import type { Permissions } from '@pastebox/contract/schemas/auth';
import { ALL_PERMISSIONS, readStoredAuth, SIGNED_OUT, storeAuth } from './stored-auth';

/** SPEC §3's none, admin and apikey, plus a member's session (issue 32). */
export type AuthType = 'none' | 'admin' | 'apikey' | 'member';

export interface KeyInfo {
  id: string;
  name: string;
  basic_path: string;
}

/** Who a member is, as GET /api/account answered: for the panel's header and base path. */
export interface MemberInfo {
  id: string;
  username: string;
  display_name: string | null;
  basic_path: string;
}

/** Auth state of SPEC §3, kept in memory and mirrored to the SPEC's local-storage keys. */
export interface AuthState {
  authType: AuthType;
  adminToken: string | null;
  apiKey: string | null;
  keyInfo: KeyInfo | null;
  /** A member's session token (issue 32). */
  memberToken: string | null;
  member: MemberInfo | null;
  permissions: Permissions;
  lastValidated: number;
}

/** Events of SPEC §4, dispatched on window. */
export const AUTH_EVENTS = {
  changed: 'auth-state-changed',
  adminExpired: 'admin-token-expired',
  apiKeyInvalid: 'api-key-invalid',
} as const;

/**
 * Whether the caller is confined the way a key is (SPEC §6): the /user/… families, its
 * permissions and a base path. A member is (issue 32), though it signs in like the admin.
 */
export function isScoped(authType: AuthType): authType is 'apikey' | 'member' {
  return authType === 'apikey' || authType === 'member';
}

/** What decides a caller's scope; `member` may be absent where only keys are looked at. */
export type ScopeOf = Pick<AuthState, 'authType' | 'keyInfo'> & Partial<Pick<AuthState, 'member'>>;

/** The base path that confines a scoped caller; `/` for the admin and for nobody. */
export function basePathOf(auth: ScopeOf): string {
  if (auth.authType === 'apikey') {
    return auth.keyInfo?.basic_path || '/';
  }
  if (auth.authType === 'member') {
    return auth.member?.basic_path || '/';
  }
  return '/';
}

/** The name a member goes by: the display name when set, else the username. */
export function memberName(member: MemberInfo | null): string {
  return member?.display_name?.trim() || member?.username || '';
}

let state: AuthState = readStoredAuth();
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  storeAuth(next);
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
    if (state.authType === 'member' && state.memberToken) {
      return `Bearer ${state.memberToken}`;
    }
    if (state.authType === 'apikey' && state.apiKey) {
      return `ApiKey ${state.apiKey}`;
    }
    return null;
  },

  signInAdmin(token: string): void {
    setState({
      ...SIGNED_OUT,
      authType: 'admin',
      adminToken: token,
      permissions: ALL_PERMISSIONS,
      lastValidated: Date.now(),
    });
  },

  /**
   * A member's session (issue 32): on sign-in, and again after each revalidation so the
   * rights and base path the admin changed since take effect.
   */
  signInMember(token: string, member: MemberInfo, permissions: Permissions): void {
    setState({
      ...SIGNED_OUT,
      authType: 'member',
      memberToken: token,
      member,
      permissions,
      lastValidated: Date.now(),
    });
  },

  signInApiKey(apiKey: string, keyInfo: KeyInfo, permissions: Permissions): void {
    setState({
      ...SIGNED_OUT,
      authType: 'apikey',
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
   * admin-token-expired or api-key-invalid event for a failed validation or a 401; a
   * member's session ends like the admin's, so it announces admin-token-expired.
   */
  signOut(reason?: 'expired'): void {
    const previous = state.authType;
    setState(SIGNED_OUT);
    if (reason === 'expired' && (previous === 'admin' || previous === 'member')) {
      window.dispatchEvent(new CustomEvent(AUTH_EVENTS.adminExpired));
    }
    if (reason === 'expired' && previous === 'apikey') {
      window.dispatchEvent(new CustomEvent(AUTH_EVENTS.apiKeyInvalid));
    }
  },
};
